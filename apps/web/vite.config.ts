import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** Writes .gz and .br beside each text asset so the server can send them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content));
      }
    },
  };
}

/**
 * What the server writes into index.html for the address being opened (apps/server/src/plugins/
 * page-html.ts): `modulepreload` links for the page's chunks (and `preload` links for their CSS) and
 * for its messages in the visitor's language, so that the browser's preload scanner requests them
 * with the entry. Without them the page chunk was requested only once the entry had arrived and
 * run, and the messages once `boot` had (one round trip each after the scripts). The routes are the
 * `{ path, lazy: () => import(...) }` entries of the `publicRoutes` in
 * `src/features/<feature>/routes.tsx`: the pages a visit starts on (signed-in pages wait for the
 * session check anyway); any other address gets the `store` chunk, where the routes of the other
 * pages are. Written to `route-preloads.json` beside index.html, whose `<!--route-preloads-->`
 * the server replaces (served as it is, the comment does nothing).
 * The chunks main.tsx imports in steps (React DOM, the store, the router) get `modulepreload`
 * links in index.html itself, so they download with the entry instead of one after another.
 */
function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      /** The chunk and the chunks it imports statically, leaving out `loaded`. */
      const withImports = (fileName: string, loaded: Set<string>, files = new Set<string>()) => {
        if (files.has(fileName) || loaded.has(fileName)) return files;
        files.add(fileName);
        for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) withImports(imported, loaded, files);
        return files;
      };
      const loadedWithEntry = withImports(entry.fileName, new Set());
      // The chunks main.tsx imports step by step (React DOM, the store, the router and layouts):
      // preloaded from the start, evaluated one step per task.
      const bootFiles = new Set<string>();
      for (const imported of entry.dynamicImports) withImports(imported, loadedWithEntry, bootFiles);
      const loaded = new Set([...loadedWithEntry, ...bootFiles]);
      // Messages: language -> namespace -> chunk (src/i18n/index.ts loads them by these paths).
      const messages: Record<string, Record<string, string>> = {};
      for (const chunk of chunks) {
        const [, language, namespace] = /[\\/]src[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(chunk.facadeModuleId ?? '') ?? [];
        if (language && namespace) (messages[language] ??= {})[namespace] = `/${chunk.fileName}`;
      }
      // Page paths in lower case (the router matches case-insensitively) -> chunks and message
      // namespaces; a path ending in a parameter (`/verify/:token`) is matched by its prefix.
      type Preloads = { files: string[]; namespaces: string[] };
      const exact: Record<string, Preloads> = {};
      const prefixes: Array<[string, Preloads]> = [];
      const featuresDir = path.join(root, 'src/features');
      for (const feature of readdirSync(featuresDir)) {
        const file = path.join(featuresDir, feature, 'routes.tsx');
        const source = statSync(file, { throwIfNoEntry: false }) ? readFileSync(file, 'utf8') : '';
        const publicRoutes = /export const publicRoutes\b[^=]*= \[([\s\S]*?)\];\n/.exec(source)?.[1] ?? '';
        const groups = namespaceGroups(publicRoutes);
        for (const route of publicRoutes.matchAll(/path: '([^']+)',\s*lazy: \(\) => import\('([^']+)'\)/g)) {
          const [, routePath, specifier] = route;
          const moduleId = path.resolve(path.dirname(file), `${specifier}.tsx`);
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === moduleId);
          if (!chunk) continue;
          const jsFiles = [...withImports(chunk.fileName, loaded)];
          const cssFiles = jsFiles.flatMap((fileName) => [...(chunks.find((candidate) => candidate.fileName === fileName)?.viteMetadata?.importedCss ?? [])]);
          const files = [...jsFiles, ...new Set(cssFiles)].map((fileName) => `/${fileName}`);
          // `common` comes with every page (i18n/index.ts), the feature's namespace with its public
          // pages (app/router.tsx, app/store-routes.tsx), then those of the withNamespaces around the route.
          const around = groups.filter(({ from, to }) => route.index > from && route.index < to).flatMap((group) => group.namespaces);
          const namespaces = [...new Set(['common', FEATURE_NAMESPACE[feature] ?? 'public', ...around])];
          const key = routePath!.toLowerCase();
          if (!key.includes(':')) exact[key] = { files, namespaces };
          else if (/^[^:]*\/:[^/]+$/.test(key)) prefixes.push([key.slice(0, key.indexOf(':')), { files, namespaces }]);
        }
      }
      if (!exact['/']) throw new Error('route-preloads: no page chunk found for / in src/features/*/routes.tsx');
      for (const { namespaces } of [...Object.values(exact), ...prefixes.map(([, preloads]) => preloads)]) {
        for (const namespace of namespaces) if (!messages.en?.[namespace]) throw new Error(`route-preloads: no chunk found for the ${namespace} messages`);
      }
      // Any other address (a signed-in page, a 404) needs the routes of the pages that use the
      // store and Redux Toolkit's part of it before its page is known (src/app/router.tsx).
      const storeRoutesId = path.join(root, 'src/app/store-routes.tsx');
      const storeChunk = chunks.find((chunk) => chunk.moduleIds.includes(storeRoutesId));
      if (!storeChunk) throw new Error('route-preloads: no chunk found for src/app/store-routes.tsx');
      const other: Preloads = { files: [...withImports(storeChunk.fileName, loaded)].map((fileName) => `/${fileName}`), namespaces: ['common'] };
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify({ exact, prefixes, other, messages }) });
      const tag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
      const source = String(html.source);
      if (!source.includes(tag)) throw new Error(`route-preloads: entry script tag not found in index.html`);
      // fetchpriority="low": the first paint (the boot screen) needs none of the scripts, so they
      // wait for nothing and hold back nothing; the app renders once they and the stylesheet are in.
      const bootLinks = [...bootFiles].map((file) => `\n    <link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`).join('');
      const withEntry = source
        .replace(tag, `${tag.replace('></script>', ' fetchpriority="low"></script>')}${bootLinks}`)
        .replaceAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, '<link rel="modulepreload" crossorigin href="$1" fetchpriority="low">');
      // The page's links go after the entry's: requested in document order, the largest first.
      const lastLink = [...withEntry.matchAll(/<link rel="modulepreload" [^>]*>/g)].at(-1);
      if (!lastLink) throw new Error('route-preloads: no modulepreload link in index.html');
      const at = lastLink.index + lastLink[0].length;
      html.source = `${withEntry.slice(0, at)}\n    ${ROUTE_PRELOADS}${withEntry.slice(at)}`;
    },
  };
}

/** Where the server writes the page's links (apps/server/src/plugins/page-html.ts). */
const ROUTE_PRELOADS = '<!--route-preloads-->';

/** The namespace a feature's public pages speak from, when not `public` (app/store-routes.tsx). */
const FEATURE_NAMESPACE: Record<string, string> = { auth: 'auth' };

/** The spans of `withNamespaces([...], [ ... ])` in a route table's source, with their namespaces. */
function namespaceGroups(source: string): Array<{ from: number; to: number; namespaces: string[] }> {
  return [...source.matchAll(/withNamespaces\(\[([^\]]*)\],\s*\[/g)].map((match) => {
    let depth = 1;
    let to = match.index + match[0].length;
    for (; to < source.length && depth > 0; to += 1) depth += source[to] === '[' ? 1 : source[to] === ']' ? -1 : 0;
    return { from: match.index, to, namespaces: [...match[1]!.matchAll(/'([^']+)'/g)].map((name) => name[1]!) };
  });
}

/**
 * The first paint is the boot screen of index.html, styled inline: it needs no stylesheet. The
 * app's stylesheet is linked with `media="print"` (fetched at low priority, blocking nothing) and
 * `data-deferred-style`; main.tsx applies it to the screen once it has loaded, before the app's
 * first render, so nothing shows unstyled. A render-blocking stylesheet held the boot screen back
 * by a round trip and its download on a slow connection.
 */
function deferStylesheets(): Plugin {
  return {
    name: 'defer-stylesheets',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;
        if (!links.test(html)) throw new Error('defer-stylesheets: no stylesheet link found in index.html');
        return html.replace(links, '<link rel="stylesheet" crossorigin href="$1" media="print" data-deferred-style>');
      },
    },
  };
}

/**
 * Chunks for the start of every visit. Left to the bundler, the modules main.tsx loads became
 * ten files (and a landing page five more), most of them 1-2 KB: on a slow phone connection each
 * request costs a round trip, and the browser runs only a few at once, so the count, more than the
 * size, delayed the first render. Two chunks instead, evaluated in separate steps by main.tsx:
 * `react` (React and React DOM) and `boot`: everything else the first render of any page needs,
 * i.e. what app/store.ts and app/router.tsx import statically (the router, the store, the layouts),
 * plus the small modules the landing pages share (section headings, number formats).
 * Pages, RTK Query, forms and toasts stay in their own chunks.
 */
const ROOT_DIR = path.dirname(fileURLToPath(import.meta.url));
const BOOT_ROOTS = ['src/app/store.ts', 'src/app/router.tsx'].map((file) => path.join(ROOT_DIR, file));
const LANDING_PAGES = ['src/features/public/pages/home-page.tsx', 'src/features/public/pages/plans-page.tsx'].map((file) => path.join(ROOT_DIR, file));
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * lucide-react's icon runtime and the icons the pages use, in one chunk that the pages with icons
 * load beside their own: left to the bundler, every icon shared by two pages became a file of its
 * own (200-300 bytes, a request each). The first screen of a visit draws its few icons itself
 * (components/ui/icons.tsx), so this chunk is not part of the first load.
 */
const LUCIDE = /[\\/]node_modules[\\/]lucide-react[\\/]/;
/**
 * Reached through `@app/shared`'s index but tree-shaken out of the first render: claimed for the
 * boot chunk, their code (needed by the forms) would load on every visit.
 */
const NOT_BOOT = /[\\/](node_modules[\\/](zod|@noble)[\\/]|packages[\\/]shared[\\/]src[\\/](schemas[\\/]|addresses\.ts|balance-series\.ts|gating\.ts|money\.ts|plan-texts\.ts))/;

/**
 * What loads right after the first screen of a public page (or before the first render of any
 * other): the other pages' routes and Redux Toolkit's part of the store (app/router.tsx,
 * app/store.ts). One `store` chunk instead of five.
 */
const STORE_ROOTS = ['src/app/store-toolkit.ts', 'src/app/store-routes.tsx'].map((file) => path.join(ROOT_DIR, file));

function bootChunks() {
  let boot: Set<string> | undefined;
  let store: Set<string> | undefined;
  const closure = (roots: string[], ctx: ChunkingContext, modules = new Set<string>()) => {
    const queue = [...roots];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (modules.has(id) || NOT_BOOT.test(id)) continue;
      modules.add(id);
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return modules;
  };
  return {
    groups: [
      { name: 'react', test: REACT, priority: 2 },
      { name: 'icons', test: LUCIDE, priority: 2 },
      {
        // A function name needs a debugName, or every build warns about it.
        debugName: 'boot',
        name(id: string, ctx: ChunkingContext) {
          if (!boot) {
            boot = closure(BOOT_ROOTS, ctx);
            // What the landing pages import besides themselves, when small and shared (not zod etc.).
            for (const page of LANDING_PAGES) {
              for (const imported of ctx.getModuleInfo(page)?.importedIds ?? []) {
                if (/[\\/](components[\\/]section\.tsx|lib[\\/]numbers\.ts)$/.test(imported)) closure([imported], ctx, boot);
              }
            }
          }
          return boot.has(id) ? 'boot' : null;
        },
        priority: 1,
      },
      {
        debugName: 'store',
        name(id: string, ctx: ChunkingContext) {
          store ??= closure(STORE_ROOTS, ctx);
          return store.has(id) ? 'store' : null;
        },
        priority: 0,
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloads(), deferStylesheets(), precompress()],
  resolve: {
    // react-toastify's default entry injects its stylesheet from script when it first loads;
    // lib/toast.ts imports the CSS file instead, so it loads with the chunk like other CSS.
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'assets/main-[hash].js', codeSplitting: bootChunks() } },
    modulePreload: {
      // The entry's step-by-step imports (main.tsx) have their chunks preloaded by index.html
      // (route-preloads above); Vite's preload helper would look each one up again at run time
      // (10-15 ms in the entry's task on a busy machine). Other dynamic imports keep it.
      resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' && /(^|\/)main-[^/]+\.js$/.test(hostId) ? [] : deps),
    },
  },
});
