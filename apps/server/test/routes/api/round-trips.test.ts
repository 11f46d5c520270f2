import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { wrapPglite } from '../../../src/db/client';
import { adjustBalance } from '../../../src/ledger';
import { buildTestApp, type TestApp, type TestUser } from '../../helpers/build-test-app';

/**
 * The signed-in reads every page makes read the session and what they show in one statement
 * (ADR 0013, ADR 0016): counted on the embedded database's client.
 */
describe('one round trip for the signed-in reads', () => {
  let t: TestApp;
  let client: PGlite;
  let user: TestUser;
  beforeAll(async () => {
    client = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    t = await buildTestApp({ database: wrapPglite(client) });
    user = await t.createUser();
    // Each read once first: the embedded database prepares a statement on its first use (ADR 0022).
    for (const url of ['/api/money/dashboard', '/api/users/getUser']) await t.app.inject({ method: 'GET', url, headers: user.headers });
  });
  afterAll(async () => {
    await t.close();
    await client.close();
  });

  async function statementsOf(url: string) {
    // A statement reaches PGlite through query() or, prepared, through exec() (ADR 0022).
    const calls = [vi.spyOn(client, 'query'), vi.spyOn(client, 'exec')];
    try {
      const response = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.statusCode).toBe(200);
      return calls.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    } finally {
      for (const spy of calls) spy.mockRestore();
    }
  }

  it('GET /api/money/dashboard: the session, the balances and the 30 days of movements together', async () => {
    expect(await statementsOf('/api/money/dashboard')).toBe(1);
  });

  it('GET /api/users/getUser: the session and the balances together', async () => {
    expect(await statementsOf('/api/users/getUser')).toBe(1);
  });

  it('GET /api/invest/getTransactionHistory: a page already rendered at the version read with the session is one statement (ADR 0023)', async () => {
    const url = '/api/invest/getTransactionHistory?limit=20';
    const first = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(await statementsOf(url)).toBe(1);
    // A write to the user's history moves the version: the page is read again, then it is one statement again.
    await t.database.db.transaction((tx) => adjustBalance(tx, { userId: user.user.id, operation: 'add', amountCents: 2500, reason: 'Goodwill', actorId: null }));
    expect(await statementsOf(url)).toBe(2);
    expect(await statementsOf(url)).toBe(1);
    const after = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(after.json<{ history: unknown[] }>().history.length).toBe(first.json<{ history: unknown[] }>().history.length + 1);
  });
});
