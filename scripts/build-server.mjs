// `node scripts/build-server.mjs` (npm run build): bundles the server's TypeScript
// (apps/server/src and the @app/shared sources it imports) into apps/server/dist/server.mjs,
// which `npm start` runs instead of loading the sources through tsx (ADR 0010), and the
// operator commands beside it (migrate.mjs, backup.mjs, restore.mjs, ledger-verify.mjs: the
// image runs them without tsx). Packages from node_modules stay imports. start.mjs runs this
// again when the sources are newer.
import { existsSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.mjs');
const entries = {
  server: 'apps/server/src/server.ts',
  migrate: 'apps/server/src/cli/migrate.ts',
  backup: 'apps/server/src/cli/backup.ts',
  restore: 'apps/server/src/cli/restore.ts',
  'ledger-verify': 'apps/server/src/cli/ledger-verify.ts',
};

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
  const distDir = path.dirname(SERVER_BUNDLE);
  const partial = path.join(distDir, `.partial-${process.pid}`);
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.join(root, file)])),
    outdir: partial,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: { js: '// Built by scripts/build-server.mjs from apps/server/src; do not edit.' },
    plugins: [sourceLocations],
  });
  // The server last: its time stamps the whole build as fresh.
  for (const name of [...Object.keys(entries).filter((name) => name !== 'server'), 'server']) {
    const built = path.join(partial, `${name}.mjs`);
    utimesSync(built, new Date(), new Date(sourcesAt));
    renameSync(built, path.join(distDir, `${name}.mjs`));
  }
  rmSync(partial, { recursive: true, force: true });
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await buildServer();
