import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, useTestApp } from '../../helpers/build-test-app';
import { auditLog } from '../../../src/db/schema';
import { recordAudit } from '../../../src/services/platform/audit';

const t = useTestApp();

describe('health and readiness', () => {
  it('answers liveness', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports ready when the database is migrated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('tags every response with a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abcdef123456' } });
    expect(response.headers['x-request-id']).toBe('abcdef123456');
  });
});

describe('bad input never becomes a 500', () => {
  it('gives JSON 404 for unknown API routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/not found/);
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('refuses oversized bodies with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/does-not-exist',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(300 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
    expect(response.body).not.toMatch(/at .*\.ts/);
  });
});

describe('security', () => {
  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // /market-rates loads TradingView's widget script, the default chart service; Google's only when configured.
    const page = await t.app.inject({ method: 'GET', url: '/market-rates' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://s3.tradingview.com;");
  });

  it('sends HSTS only behind https', async () => {
    const behindProxy = await buildTestApp({ config: { trustProxy: 1 }, database: t.database });
    const response = await behindProxy.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    await behindProxy.app.close();
  });

  it('refuses cross-site state-changing requests', async () => {
    const byOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(byOrigin.statusCode).toBe(403);
    const byFetchMetadata = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(byFetchMetadata.statusCode).toBe(403);
  });

  it('publishes the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/health']).toBeDefined();
  });
});

describe('audit log', () => {
  it('is append-only in the database', async () => {
    await recordAudit(t.database.db, { actorId: null, impersonatorId: null, ip: '127.0.0.1' }, { action: 'test.entry' });
    await expect(t.database.db.update(auditLog).set({ action: 'changed' })).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.map((row) => row.action)).toContain('test.entry');
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });
});
