import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerJournals } from '../../src/db/schema';
import { getUserBalances, verifyLedger } from '../../src/ledger';
import { buildTestApp, onPostgres, openTestDatabase, type TestApp, type TestUser, needsPostgres } from '../helpers/build-test-app';
import type { Database } from '../../src/db/client';
import { BTC, fund } from './helpers';

if (!onPostgres) console.log('money concurrency tests skipped: TEST_DATABASE_URL is not set (they need real PostgreSQL concurrency)');

describe('money under real concurrency (PostgreSQL)', needsPostgres, () => {
  let database: Database;
  let one: TestApp;
  let two: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    database = await openTestDatabase({ postgres: true, poolSize: 30 });
    one = await buildTestApp({ database });
    two = await buildTestApp({ database });
    admin = await one.createUser({ role: 'admin' });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.close();
  });

  it('50 simultaneous withdrawals against a balance covering 5: exactly 5 succeed', async () => {
    const user = await one.createUser();
    await fund(one, user, admin, 500);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? one : two).app.inject({ method: 'POST', url: '/api/withDraw/create', headers: user.headers, payload: { amount: 100, walletAddress: BTC } }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 400)).toHaveLength(45);
    expect(await getUserBalances(database.db, user.user.id)).toMatchObject({ balanceCents: 50_000, availableCents: 0 });
  });

  it('approve raced against reject: exactly one wins, money moves once', async () => {
    const user = await one.createUser();
    await fund(one, user, admin, 1_000);
    for (let round = 0; round < 10; round += 1) {
      const created = await one.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: user.headers, payload: { amount: 10, walletAddress: BTC } });
      const id = created.json().withdrawal._id as string;
      const [approve, reject] = await Promise.all([
        one.app.inject({ method: 'PUT', url: `/api/withDraw/approve/${id}`, headers: admin.headers }),
        two.app.inject({ method: 'PUT', url: `/api/withDraw/reject/${id}`, headers: admin.headers }),
      ]);
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
    }
    const balances = await getUserBalances(database.db, user.user.id);
    expect(balances.availableCents).toBe(balances.balanceCents);
    expect((await verifyLedger(database.db)).problems).toEqual([]);
  });

  it('two app instances confirming the same deposit: one credit', async () => {
    const user = await one.createUser();
    for (let round = 0; round < 10; round += 1) {
      const created = await one.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount: 10 } });
      const transactionId = created.json().transaction.transactionId as string;
      const answers = await Promise.all(
        [one, two, one, two].map((instance) =>
          instance.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: admin.headers, payload: { transactionId } }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    }
    expect((await getUserBalances(database.db, user.user.id)).balanceCents).toBe(10_000);
    const deposits = await database.db.select().from(ledgerJournals).where(eq(ledgerJournals.userId, user.user.id));
    expect(deposits).toHaveLength(10);
  });

  it('the same Idempotency-Key sent concurrently creates one withdrawal: the others wait for it and replay its answer', async () => {
    const user = await one.createUser();
    await fund(one, user, admin, 100);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? one : two).app.inject({
          method: 'POST',
          url: '/api/withDraw/create',
          headers: { ...user.headers, 'idempotency-key': 'same-key' },
          payload: { amount: 10, walletAddress: BTC },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 201));
    expect(new Set(responses.map((response) => response.json().withdrawal._id)).size).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect((await getUserBalances(database.db, user.user.id)).availableCents).toBe(9_000);
    expect((await verifyLedger(database.db)).ok).toBe(true);
  });
});
