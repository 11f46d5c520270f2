// `node scripts/build-server.mjs` (npm run build): bundles the server's TypeScript
// (apps/server/src and the @app/shared sources it imports) into apps/server/dist/server.mjs,
// which `npm start` runs instead of loading the sources through tsx (ADR 0010). Packages from
// node_modules stay imports. start.mjs runs this again when the sources are newer.
import { existsSync, renameSync, statSync, utimesSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/src/server.ts');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.mjs');

const sources = ['apps/server/src', 'packages/shared/src', 'tsconfig.json', 'tsconfig.base.json', 'scripts/build-server.mjs'].map(
  (file) => path.join(root, file),
);

export function serverBundleStale() {
  const builtAt = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  return builtAt < Math.max(...sources.map(newestMtime));
}

/**
 * The sources keep their own `import.meta.url` (config.ts and db/client.ts find the repository
 * and the migrations from it): each use becomes the source file's address, relative to the bundle.
 */
const sourceLocations = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const code = await readFile(file, 'utf8');
      if (!code.includes('import.meta.url')) return { contents: code, loader: 'ts' };
      const relative = path.relative(path.dirname(SERVER_BUNDLE), file).split(path.sep).join('/');
      return { contents: code.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
    // Workspace packages are TypeScript sources: bundle them; everything else is installed.
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }));
  },
};

async function buildServer() {
  // Stamped with the sources' time read before the build: a file saved during it makes the
  // bundle stale again.
  const sourcesAt = Math.max(...sources.map(newestMtime));
  const { build } = await import('esbuild');
  const partial = `${SERVER_BUNDLE}.${process.pid}.partial`;
  await build({
    entryPoints: [entry],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: { js: '// Built by scripts/build-server.mjs from apps/server/src; do not edit.' },
    plugins: [sourceLocations],
  });
  utimesSync(partial, new Date(), new Date(sourcesAt));
  renameSync(partial, SERVER_BUNDLE);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await buildServer();
