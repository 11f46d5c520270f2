import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { emailOutbox, investments } from '../../../src/db/schema';
import type { Database } from '../../../src/db/client';
import { adjustBalance, getUserBalances, verifyLedger } from '../../../src/ledger';
import { approveInvestment } from '../../../src/services/invest/decisions';
import { startInvestment } from '../../../src/services/invest/investments';
import { matureDue } from '../../../src/services/invest/maturity';
import { buildTestApp, openTestDatabase, type TestApp, type TestUser, needsPostgres } from '../../helpers/build-test-app';

const DAY = 86_400_000;
const USERS = 30;
const PER_USER = 10;

/**
 * PRODUCT §1.6: maturing moves money once, also with two app instances running the job at
 * the same moment and users triggering it through GET /api/invest/deposit-maturity.
 * Needs real concurrency, so PostgreSQL only (PGlite has one connection).
 */
describe('maturity on PostgreSQL with two instances', needsPostgres, () => {
  let database: Database;
  let a: TestApp;
  let b: TestApp;
  const investors: TestUser[] = [];

  beforeAll(async () => {
    database = await openTestDatabase({ postgres: true, poolSize: 20 });
    a = await buildTestApp({ database });
    b = await buildTestApp({ database });
    const staff = await a.createUser({ role: 'admin' });
    const actor = { actorId: staff.user.id, impersonatorId: null, ip: null };
    for (let index = 0; index < USERS; index += 1) investors.push(await a.createUser());
    await Promise.all(
      investors.map(async (investor) => {
        await database.db.transaction((tx) =>
          adjustBalance(tx, { userId: investor.user.id, operation: 'add', amountCents: PER_USER * 19_000, reason: 'test funding', actorId: null }),
        );
        for (let index = 0; index < PER_USER; index += 1) {
          const row = await startInvestment(a.app.deps, investor.user, { amount: 15_000 + index, planName: 'Basic' });
          await approveInvestment(a.app.deps, actor, row.id);
        }
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('ends each due investment exactly once while both jobs and many deposit-maturity calls race', async () => {
    a.clock.advance(DAY);
    b.clock.advance(DAY);
    const calls = investors.slice(0, 15).flatMap((investor, index) => {
      const app = index % 2 === 0 ? a.app : b.app;
      return [0, 1].map(() => app.inject({ method: 'GET', url: '/api/invest/deposit-maturity', headers: investor.headers }));
    });
    const [jobA, jobB, jobA2, ...responses] = await Promise.all([
      matureDue(a.app.deps, { batchSize: 25 }),
      matureDue(b.app.deps, { batchSize: 25 }),
      matureDue(a.app.deps, { batchSize: 7, concurrency: 3 }),
      ...calls,
    ]);
    for (const response of responses) expect(response.statusCode).toBe(200);
    const byCalls = responses.reduce((sum, response) => sum + response.json<{ matured: number }>().matured, 0);
    expect(jobA + jobB + jobA2 + byCalls).toBe(USERS * PER_USER);

    const statuses = await database.db.select({ status: investments.status, count: sql<number>`count(*)::int` }).from(investments).groupBy(investments.status);
    expect(statuses).toEqual([{ status: 'Ended', count: USERS * PER_USER }]);
    const journals = (await database.db.execute(sql`select reference, count(*)::int as count from ledger_journals where kind = 'maturity' group by reference`)) as unknown as {
      rows: { reference: string; count: number }[];
    };
    expect(journals.rows).toHaveLength(USERS * PER_USER);
    expect(journals.rows.every((row) => row.count === 1)).toBe(true);
    const emails = await database.db.select({ count: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.kind, 'investment-matured'));
    expect(emails[0]!.count).toBe(USERS * PER_USER);

    // Each investor: 10 x (150.00 + i cents) principal, profit 8% half-even per investment.
    for (const investor of investors) {
      let expectedProfit = 0;
      for (let index = 0; index < PER_USER; index += 1) expectedProfit += Math.round(((15_000 + index) * 8) / 100);
      const balances = await getUserBalances(database.db, investor.user.id);
      expect(balances).toMatchObject({ investedCents: 0, totalProfitCents: expectedProfit, availableCents: PER_USER * 19_000 + expectedProfit });
    }
    const report = await verifyLedger(database.db);
    expect(report.problems).toEqual([]);

    // Nothing left: another round from both instances ends nothing.
    expect(await Promise.all([matureDue(a.app.deps), matureDue(b.app.deps)])).toEqual([0, 0]);
  }, 120_000);

  it('concurrent requests on both instances never hold the same dollar twice; approval happens once', async () => {
    const investor = await a.createUser();
    await database.db.transaction((tx) => adjustBalance(tx, { userId: investor.user.id, operation: 'add', amountCents: 30_000, reason: 'test funding', actorId: null }));
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 === 0 ? a.app : b.app).inject({ method: 'POST', url: '/api/invest/start-invest', headers: investor.headers, payload: { amount: 150, planName: 'Basic' } }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 400, 400, 400, 400]);
    expect(await getUserBalances(database.db, investor.user.id)).toMatchObject({ balanceCents: 30_000, availableCents: 0 });

    const staff = await a.createUser({ role: 'admin' });
    const id = responses.find((response) => response.statusCode === 201)!.json<{ investment: { _id: string } }>().investment._id;
    const decisions = await Promise.all([
      a.app.inject({ method: 'PUT', url: `/api/invest/${id}/approve`, headers: staff.headers }),
      b.app.inject({ method: 'PUT', url: `/api/invest/${id}/approve`, headers: staff.headers }),
      b.app.inject({ method: 'PUT', url: `/api/invest/${id}/reject`, headers: staff.headers }),
    ]);
    expect(decisions.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(decisions.filter((response) => response.statusCode === 409)).toHaveLength(2);
    expect((await verifyLedger(database.db)).problems).toEqual([]);
  }, 60_000);
});
