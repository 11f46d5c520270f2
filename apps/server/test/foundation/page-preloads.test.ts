import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { visitorLanguage } from '../../src/plugins/page-html';

/**
 * The server writes the links of the page being opened (its chunks and its messages in the
 * visitor's language) into index.html, where the web build left `<!--route-preloads-->`
 * (apps/web/vite.config.ts, route-preloads.json; ADR 0018).
 */
let t: TestApp;
const dist = mkdtempSync(path.join(os.tmpdir(), 'vaultline-dist-'));
const INDEX = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/main-1.js" fetchpriority="low"></script>
    <!--route-preloads-->
    <link rel="stylesheet" crossorigin href="/assets/index-1.css" media="print" data-deferred-style>
  </head><body><div id="root"></div></body></html>`;
const messages = (language: string) =>
  Object.fromEntries(['common', 'public', 'publicText', 'auth'].map((namespace) => [namespace, `/assets/${namespace}-${language}.js`]));
const MANIFEST = {
  exact: {
    '/': { files: ['/assets/home-page-1.js'], namespaces: ['common', 'public'] },
    '/investment-plans': { files: ['/assets/plans-page-1.js', '/assets/money-1.js', '/assets/plans-1.css'], namespaces: ['common', 'public', 'publicText'] },
  },
  prefixes: [['/verify/', { files: ['/assets/verify-page-1.js'], namespaces: ['common', 'auth'] }]],
  other: { files: ['/assets/store-1.js'], namespaces: ['common'] },
  messages: Object.fromEntries(['en', 'es', 'pt-BR', 'fr', 'de'].map((language) => [language, messages(language)])),
};

/** The hrefs of the modulepreload and preload links in a page. */
function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="(?:modulepreload|preload)" [^>]*href="([^"]+)"[^>]*>/g)].map((match) => match[1]!);
}

beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(MANIFEST));
  t = await buildTestApp({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await t.close();
});

describe('the page HTML', () => {
  it("links the page's chunks and its messages in the browser's language", async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(preloads(home.body)).toEqual(['/assets/home-page-1.js', '/assets/common-de.js', '/assets/public-de.js']);
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-1.js" fetchpriority="low">');
    expect(home.body).not.toContain('<!--route-preloads-->');

    const plans = await t.app.inject({ method: 'GET', url: '/Investment-Plans/?ref=x', headers: { 'accept-language': 'es' } });
    expect(preloads(plans.body)).toEqual([
      '/assets/plans-page-1.js',
      '/assets/money-1.js',
      '/assets/plans-1.css',
      '/assets/common-es.js',
      '/assets/public-es.js',
      '/assets/publicText-es.js',
    ]);
    expect(plans.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/plans-1.css" fetchpriority="low">');
  });

  it('matches a page with a parameter by its prefix, and any other address with the store', async () => {
    const verify = await t.app.inject({ method: 'GET', url: '/verify/abc123', headers: { 'accept-language': 'fr-CA' } });
    expect(preloads(verify.body)).toEqual(['/assets/verify-page-1.js', '/assets/common-fr.js', '/assets/auth-fr.js']);
    for (const url of ['/my-account', '/verify/abc/more', '/nothing-here']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(preloads(other.body)).toEqual(['/assets/store-1.js', '/assets/common-en.js']);
    }
  });

  it("takes the visitor's own pick (the web app's language cookie) before the browser's languages", async () => {
    const picked = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de', cookie: 'language=pt-BR' } });
    expect(preloads(picked.body)).toContain('/assets/common-pt-BR.js');
    const unknown = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de', cookie: 'language=xx' } });
    expect(preloads(unknown.body)).toContain('/assets/common-de.js');
    expect(picked.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
  });

  it('is sent compressed when accepted, and answered 304 to its own ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language is another page.
    const german = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de', 'if-none-match': etag } });
    expect(german.statusCode).toBe(200);
  });

  it('keeps the security headers and adds no inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" crossorigin src="/assets/main-1.js" fetchpriority="low">']);
  });
});

describe("the visitor's language", () => {
  it('is the first language of Accept-Language the app offers, by q-value, else English', () => {
    expect(visitorLanguage(undefined, 'de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(visitorLanguage(undefined, 'en;q=0.5, pt-BR')).toBe('pt-BR');
    expect(visitorLanguage(undefined, 'pt-PT,pt;q=0.9')).toBe('pt-BR');
    expect(visitorLanguage(undefined, 'ja, fr;q=0')).toBe('en');
    expect(visitorLanguage(undefined, '*')).toBe('en');
    expect(visitorLanguage(undefined, undefined)).toBe('en');
    expect(visitorLanguage('es', 'de')).toBe('es');
  });
});
