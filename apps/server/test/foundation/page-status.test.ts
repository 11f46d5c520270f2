import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@app/shared';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

/**
 * Every address of the app's routes answers 200 with the app; any other answers 404 with the
 * same app (which draws its not-found page); unknown API addresses answer a JSON 404.
 * Both ways the server serves the app: with the build's route-preloads.json, and without.
 */
const INDEX = '<!doctype html><html><head><!--route-preloads--></head><body><div id="root"></div></body></html>';
const MANIFEST = { exact: { '/': { files: ['/assets/home.js'], namespaces: [] } }, prefixes: [], other: { files: ['/assets/store.js'], namespaces: [] }, messages: {} };

/** SPEC §2's routes, with sample parameters, as written there (case included). */
const SPEC_ROUTES = [
  '/',
  '/privacy-policy',
  '/license',
  '/investment-plans',
  '/Hierarchy',
  '/how-it-works',
  '/market-rates',
  '/support',
  '/our-story',
  '/login',
  '/register',
  '/forgot',
  '/resetPassword/0123abcd',
  '/loginWithCode/ada%40example.com',
  '/verify/0123abcd',
  '/my-account',
  '/user-profile',
  '/upload-kyc',
  '/deposit-payment',
  '/start-invest',
  '/invest-status',
  '/investment/9b2f3c4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  '/withdraw-wallet',
  '/referrals',
  '/transaction-History',
  '/admin-pending-wallet',
  '/withdrawal/42',
  '/admin-pending-deposit',
  '/transaction/DEP-1234',
  '/admin-pending-investment',
  '/pending-kyc',
  '/compose-email',
  '/edit-balance/u-1',
  '/edit-user-balance/u-1',
  '/update-fee/u-1',
];

const UNKNOWN_PAGES = ['/nothing-here', '/investment', '/investment/a/b', '/resetPassword/', '/my-account/extra', '/admin', '/Hierarchy/x', '/support.php'];

for (const withManifest of [true, false]) {
  describe(withManifest ? 'pages, with the build’s route preloads' : 'pages, from index.html as built', () => {
    let t: TestApp;
    beforeAll(async () => {
      const dist = mkdtempSync(path.join(os.tmpdir(), 'vaultline-dist-'));
      writeFileSync(path.join(dist, 'index.html'), INDEX);
      if (withManifest) writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(MANIFEST));
      t = await buildTestApp({ config: { webDistDir: dist } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers every route of SPEC §2, parameters included, with 200 and the app', async () => {
      for (const url of [...SPEC_ROUTES, '/transaction-history', '/Investment-Plans/', '/login?next=/my-account']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.body, url).toContain('<div id="root">');
      }
    });

    it('answers every other route of the app with 200', async () => {
      for (const route of PAGE_ROUTES) {
        const url = route.replace(/:\w+/g, 'sample');
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      }
    });

    it('answers an unknown page with 404 and the same app, which shows its not-found page', async () => {
      const home = await t.app.inject({ method: 'GET', url: '/' });
      for (const url of UNKNOWN_PAGES) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.body, url).toContain('<div id="root">');
        expect(response.headers.etag, url).toBeUndefined();
      }
      const head = await t.app.inject({ method: 'HEAD', url: '/nothing-here' });
      expect(head.statusCode).toBe(404);
      expect(home.statusCode).toBe(200);
    });

    it('answers unknown API addresses with a JSON 404 and a message', async () => {
      for (const [method, url] of [['GET', '/api/unknown'], ['POST', '/api/unknown'], ['GET', '/api'], ['DELETE', '/nothing-here']] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('application/json');
        expect(response.json(), url).toEqual({ message: `Route ${method} ${url} not found` });
      }
    });
  });
}
