import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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
 * Starts downloading the page chunk of the address being opened while the entry script is
 * still on its way. Without it the page chunk is requested only once the entry has arrived and
 * run (router start, lazy route), a second round trip before the page can paint. A small module
 * script placed before the entry adds `modulepreload` links for the chunks of the route that
 * matches `location.pathname` (and `preload` links for their CSS). The routes are the `{ path, lazy: () => import(...) }` entries of
 * the `publicRoutes` in `src/features/<feature>/routes.tsx`: the pages a visit starts on (signed-in
 * pages wait for the session check anyway). An inline script would need a CSP exception.
 */
function routePreload(): Plugin {
  let root = '';
  return {
    name: 'route-preload',
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
      // Page paths in lower case (the router matches case-insensitively) -> chunks; a path
      // ending in a parameter (`/verify/:token`) is matched by its prefix.
      const exact: Record<string, string[]> = {};
      const prefixes: Array<[string, string[]]> = [];
      const featuresDir = path.join(root, 'src/features');
      for (const feature of readdirSync(featuresDir)) {
        const file = path.join(featuresDir, feature, 'routes.tsx');
        const source = statSync(file, { throwIfNoEntry: false }) ? readFileSync(file, 'utf8') : '';
        const publicRoutes = /export const publicRoutes\b[^=]*= \[([\s\S]*?)\];\n/.exec(source)?.[1] ?? '';
        for (const [, routePath, specifier] of publicRoutes.matchAll(/path: '([^']+)',\s*lazy: \(\) => import\('([^']+)'\)/g)) {
          const moduleId = path.resolve(path.dirname(file), `${specifier}.tsx`);
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === moduleId);
          if (!chunk) continue;
          const jsFiles = [...withImports(chunk.fileName, loadedWithEntry)];
          const cssFiles = jsFiles.flatMap((fileName) => [...(chunks.find((candidate) => candidate.fileName === fileName)?.viteMetadata?.importedCss ?? [])]);
          const files = [...jsFiles, ...new Set(cssFiles)].map((fileName) => `/${fileName}`);
          const key = routePath!.toLowerCase();
          if (!key.includes(':')) exact[key] = files;
          else if (/^[^:]*\/:[^/]+$/.test(key)) prefixes.push([key.slice(0, key.indexOf(':')), files]);
        }
      }
      if (!exact['/']) throw new Error('route-preload: no page chunk found for / in src/features/*/routes.tsx');
      const code = `const exact=${JSON.stringify(exact)};
const prefixes=${JSON.stringify(prefixes)};
const path=location.pathname.toLowerCase().replace(/(.)\\/+$/,'$1');
const files=exact[path]??prefixes.find(([prefix])=>path.startsWith(prefix)&&!path.slice(prefix.length).includes('/'))?.[1]??[];
for(const href of files){const link=document.createElement('link');if(href.endsWith('.css')){link.rel='preload';link.as='style';}else{link.rel='modulepreload';}link.crossOrigin='';link.href=href;document.head.append(link);}
`;
      const fileName = `assets/route-preload-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      const tag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
      const source = String(html.source);
      if (!source.includes(tag)) throw new Error(`route-preload: entry script tag not found in index.html`);
      html.source = source.replace(tag, `<script type="module" crossorigin src="/${fileName}"></script>\n    ${tag}`);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreload(), precompress()],
  resolve: {
    // react-toastify's default entry injects its stylesheet from script when it first loads;
    // lib/toast.ts imports the CSS file instead, so it loads with the chunk like other CSS.
    alias: [{ find: /^react-toastify$/, replacement: 'react-toastify/unstyled' }],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { target: 'es2022', sourcemap: false },
});
