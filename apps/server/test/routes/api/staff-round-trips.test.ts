import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { wrapPglite } from '../../../src/db/client';
import { getSettings, putSettings } from '../../../src/services/platform/settings';
import { buildTestApp, type TestApp, type TestUser } from '../../helpers/build-test-app';
import { insertPendingKyc } from '../../helpers/kyc-calls';

/**
 * The statements a staff queue's page and the users list send, counted on the embedded
 * database's client (issue 20: a page's cost is mostly its round trips). The staff guard reads
 * the requireStaffTwoFactor setting with the session.
 */
describe('statements of the staff pages', () => {
  let t: TestApp;
  let client: PGlite;
  let admin: TestUser;
  const PAGES = {
    '/api/payments/pending-deposit': 2,
    '/api/withDraw/pending': 2,
    '/api/invest/adminPendingInvestment': 2,
    '/api/users/kyc/pending': 2,
    '/api/users/getUsers': 2,
    '/api/users/getUsers?search=queue': 2,
  };

  beforeAll(async () => {
    client = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
    t = await buildTestApp({ database: wrapPglite(client) });
    admin = await t.createUser({ role: 'admin' });
    // A case in every queue, so each page renders rows.
    const owner = await t.createUser({ name: 'Queue Owner' });
    const id = owner.user.id;
    await t.database.db.execute(sql`insert into payments (id, transaction_id, user_id, amount_cents, status) values (${`${id}-p`}, ${`DEP-${id}`}, ${id}, 100, 'Pending')`);
    await t.database.db.execute(sql`insert into withdrawals (id, user_id, amount_cents, asset, wallet_address, status, hold_id) values (${`${id}-w`}, ${id}, 100, 'USDT', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'Pending', 0)`);
    await t.database.db.execute(sql`insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status)
      values (${`${id}-i`}, ${`INV-${id}`}, ${id}, 'p', 'Plan', 800, 86400, 100, 'Pending')`);
    await insertPendingKyc(t.database.db, id);
    // Each page once first: the embedded database prepares a statement on its first use (ADR 0022).
    for (const url of Object.keys(PAGES)) await t.app.inject({ method: 'GET', url, headers: admin.headers });
  });
  afterAll(async () => {
    await t.close();
    await client.close();
  });

  /** The statements `run` sends. */
  async function counted(run: () => Promise<void>) {
    // A statement reaches PGlite through query() or, prepared, through exec() (ADR 0022).
    const calls = [vi.spyOn(client, 'query'), vi.spyOn(client, 'exec')];
    try {
      await run();
      return calls.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    } finally {
      for (const spy of calls) spy.mockRestore();
    }
  }

  const statementsOf = (url: string) =>
    counted(async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      expect(JSON.stringify(response.json())).toContain('Queue Owner');
    });

  for (const [url, statements] of Object.entries(PAGES)) {
    it(`GET ${url}: ${statements} statements`, async () => {
      expect(await statementsOf(url)).toBe(statements);
    });
  }

  it('concurrent settings reads share one statement, and a read asked after a write sees it', async () => {
    const db = t.database.db;
    let reads: Awaited<ReturnType<typeof getSettings>>[] = [];
    expect(await counted(async () => void (reads = await Promise.all([getSettings(db), getSettings(db), getSettings(db)])))).toBe(1);
    expect(new Set(reads).size).toBe(1);
    const url = 'https://explorer.example.com/tx/{hash}';
    const saved = putSettings(db, { explorerTxUrl: url }, null);
    const during = getSettings(db);
    await saved;
    expect((await getSettings(db)).explorerTxUrl).toBe(url);
    // Asked before the write finished: either value, never an error.
    expect(['', url]).toContain((await during).explorerTxUrl);
    await putSettings(db, { explorerTxUrl: '' }, null);
  });

  it('the guard sees the requireStaffTwoFactor setting as soon as it is saved', async () => {
    await putSettings(t.database.db, { requireStaffTwoFactor: true }, null);
    const refused = await t.app.inject({ method: 'GET', url: '/api/invest/adminPendingInvestment', headers: admin.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Two-factor authentication is required/);
    await putSettings(t.database.db, { requireStaffTwoFactor: false }, null);
    expect((await t.app.inject({ method: 'GET', url: '/api/invest/adminPendingInvestment', headers: admin.headers })).statusCode).toBe(200);
  });
});
