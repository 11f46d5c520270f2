/**
 * Graceful shutdown (server.ts): app.close() waits for open connections, then
 * requestsEnded() for requests still being handled after their client left, and only then
 * is the database closed. Without the second step a handler could query a closed database.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openTestDatabase, testConfig } from '../helpers/build-test-app';

const database = await openTestDatabase();
afterAll(() => database.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('requests still running at shutdown', () => {
  it('requestsEnded waits for a handler whose client left, which still reaches the database', async () => {
    const app = await buildApp({ config: testConfig(), database, logger: false });
    let handled: 'pending' | 'queried' | Error = 'pending';
    let arrived!: () => void;
    const started = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/test/slow', async () => {
      arrived();
      await sleep(300);
      try {
        await database.db.execute(sql`select 1`);
        handled = 'queried';
      } catch (error) {
        handled = error as Error;
      }
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const request = http.get({ host: '127.0.0.1', port, path: '/test/slow' });
    request.on('error', () => {});
    await started;
    request.destroy();
    await app.close();
    expect(handled).toBe('pending');

    await app.requestsEnded(5000);
    expect(handled).toBe('queried');
    // Nothing left: answers at once.
    expect(await Promise.race([app.requestsEnded(60_000).then(() => 'ended'), sleep(2000).then(() => 'still waiting')])).toBe('ended');
  });

  it('requestsEnded answers at once when every request has finished, including refused ones', async () => {
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
    for (const url of ['/api/health', '/api/no-such-route', '/api/users/getUser']) await app.inject({ method: 'GET', url });
    await app.inject({ method: 'POST', url: '/api/users/login', payload: '{"broken', headers: { 'content-type': 'application/json' } });
    const ended = app.requestsEnded(60_000).then(() => 'ended');
    expect(await Promise.race([ended, sleep(2000).then(() => 'still waiting')])).toBe('ended');
    await app.close();
  });
});
