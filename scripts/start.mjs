// `npm start`: build the web app and the server bundle when missing or older than their
// sources, then run the server in this process (so SIGTERM/SIGINT reach its graceful shutdown).
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_BUNDLE, serverBundleStale } from './build-server.mjs';
import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((entry) => path.join(web, entry));
sources.push(path.join(root, 'packages/shared/src'));
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}

// In a child process, like the web build: esbuild's memory stays out of the server's.
if (serverBundleStale()) execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
await import(pathToFileURL(SERVER_BUNDLE).href);
