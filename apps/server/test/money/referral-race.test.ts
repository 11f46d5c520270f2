import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerJournals } from '../../src/db/schema';
import { getUserBalances, verifyLedger } from '../../src/ledger';
import { buildTestApp, onPostgres, openTestDatabase, type TestApp, needsPostgres } from '../helpers/build-test-app';
import type { Database } from '../../src/db/client';

if (!onPostgres) console.log('Referral race test skipped: TEST_DATABASE_URL is not set (it needs real PostgreSQL concurrency)');

describe('two first deposits confirmed at the same moment (PostgreSQL)', needsPostgres, () => {
  let database: Database;
  let t: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase({ postgres: true, poolSize: 10 });
    t = await buildTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('both confirm, and the referrer is paid once', async () => {
    const staff = await t.createUser({ role: 'admin' });
    for (let round = 0; round < 5; round += 1) {
      const referrer = await t.createUser();
      const referred = await t.createUser({ referredById: referrer.user.id });
      const ids: string[] = [];
      for (const amount of ['100', '60']) {
        const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: referred.headers, payload: { amount } });
        expect(created.statusCode).toBe(201);
        ids.push(created.json<{ transaction: { transactionId: string } }>().transaction.transactionId);
      }
      const answers = await Promise.all(
        ids.map((transactionId) =>
          t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId } }),
        ),
      );
      expect(answers.map((answer) => `${answer.statusCode} ${answer.statusCode === 200 ? '' : answer.body}`.trim())).toEqual(['200', '200']);
      const bonuses = await database.db
        .select()
        .from(ledgerJournals)
        .where(and(eq(ledgerJournals.userId, referrer.user.id), eq(ledgerJournals.kind, 'referral_bonus')));
      expect(bonuses).toHaveLength(1);
      expect((await getUserBalances(database.db, referred.user.id)).balanceCents).toBe(16_000);
    }
    expect((await verifyLedger(database.db)).ok).toBe(true);
  });
});
