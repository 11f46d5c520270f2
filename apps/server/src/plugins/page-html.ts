import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { DEFAULT_LANGUAGE, isLanguage, matchLanguage, type Language } from '@app/shared';
import type { ContentCoding } from '../lib/content-coding';

/** What a page needs before its first render: its chunks and CSS, and its message namespaces. */
interface Preloads {
  files: string[];
  namespaces: string[];
}

/** `route-preloads.json`, written by the web build beside index.html (apps/web/vite.config.ts). */
interface RoutePreloads {
  /** Page paths in lower case. */
  exact: Record<string, Preloads>;
  /** Paths ending in a parameter (`/verify/:token`), by the part before it (`/verify/`). */
  prefixes: Array<[string, Preloads]>;
  /** Any other address: the store's routes. */
  other: Preloads;
  /** Language -> namespace -> chunk. */
  messages: Record<string, Record<string, string>>;
}

/** Where index.html takes the links. */
const PLACEHOLDER = '<!--route-preloads-->';

/** The cookie the web app keeps the visitor's own language pick in (apps/web/src/i18n/index.ts). */
export const LANGUAGE_COOKIE = 'language';

export interface PageHtml {
  /** The HTML, and gzip and brotli of it. */
  body: Record<ContentCoding | 'identity', Buffer>;
  etag: string;
}

/**
 * index.html with the links for the address being opened, in the visitor's language: the
 * browser's preload scanner requests the page's chunks and messages with the entry, instead of
 * once the entry (chunks) or `boot` (messages) has arrived and run. The language is the one the
 * web app will pick (i18n/index.ts): its stored pick (the cookie), else the first of the browser's
 * languages it offers, else English. Built once per route and language, and kept.
 * Null when the build has no `route-preloads.json` (index.html is then sent as it is).
 */
export function pageHtmlFor(distDir: string): ((pathname: string, language: Language) => PageHtml) | null {
  const manifestFile = path.join(distDir, 'route-preloads.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as RoutePreloads;
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  if (!template.includes(PLACEHOLDER)) throw new Error(`${PLACEHOLDER} not found in ${distDir}/index.html`);
  const pages = new Map<string, PageHtml>();
  return (pathname, language) => {
    const [route, preloads] = routeOf(manifest, pathname);
    const key = `${route} ${language}`;
    let page = pages.get(key);
    if (!page) {
      const messages = preloads.namespaces.flatMap((namespace) => manifest.messages[language]?.[namespace] ?? []);
      const links = [...preloads.files, ...messages].map((href) =>
        href.endsWith('.css')
          ? `<link rel="preload" as="style" crossorigin href="${href}" fetchpriority="low">`
          : `<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`,
      );
      const html = Buffer.from(template.replace(PLACEHOLDER, links.join('\n    ')));
      page = {
        body: {
          identity: html,
          gzip: gzipSync(html, { level: 9 }),
          br: brotliCompressSync(html),
        },
        etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 16)}"`,
      };
      pages.set(key, page);
    }
    return page;
  };
}

/** The route an address opens (as the web app's router matches it: case-insensitive, trailing slash ignored) and its preloads. */
function routeOf(manifest: RoutePreloads, pathname: string): [string, Preloads] {
  const lower = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const exact = manifest.exact[lower];
  if (exact) return [lower, exact];
  const prefix = manifest.prefixes.find(([start]) => lower.startsWith(start) && !lower.slice(start.length).includes('/'));
  return prefix ? [prefix[0], prefix[1]] : ['*', manifest.other];
}

/** The visitor's stored pick, else the first language of Accept-Language (by its q-values) the app offers, else English. */
export function visitorLanguage(stored: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of tags) {
    const language = matchLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
