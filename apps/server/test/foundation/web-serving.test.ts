import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { users } from '../../src/db/schema';
import { ensureAdmin } from '../../src/services/auth/accounts';
import { verifyPassword } from '../../src/lib/passwords';

let t: TestApp;
const dist = mkdtempSync(path.join(os.tmpdir(), 'vaultline-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Vaultline</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));
  t = await buildTestApp({ config: { webDistDir: dist } });
});
afterAll(async () => {
  await t.close();
});

describe('serving the web app', () => {
  it('answers deep links with the app (history fallback), revalidated', async () => {
    for (const url of ['/', '/my-account', '/investment/abc', '/resetPassword/xyz?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a one-year immutable cache, precompressed when accepted', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.body).toBe(script);
  });

  it('keeps unknown API routes as JSON 404s and never serves the app for them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/not found/);
  });

  it('sends security headers with pages too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('create that admin once, verified and KYC approved', async () => {
    expect(await ensureAdmin(t.database.db, 'Boss@Example.com', 'Sup3r-secret!')).toBe('created');
    expect(await ensureAdmin(t.database.db, 'boss@example.com', 'another')).toBe('exists');
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(admin).toMatchObject({ role: 'admin', isVerified: true, kycStatus: 'Approved' });
    expect(await verifyPassword(admin!.passwordHash, 'Sup3r-secret!')).toBe(true);
  });
});
