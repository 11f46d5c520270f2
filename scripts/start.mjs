// `npm start`: build the web app when the build is missing or older than its sources, then
// run the server in this process (so SIGTERM/SIGINT reach its graceful shutdown).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((entry) => path.join(web, entry));
sources.push(path.join(root, 'packages/shared/src'));
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
}

register();
await import('../apps/server/src/server.ts');
