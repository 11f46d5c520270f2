/**
 * More than one machine (issue 9): two app instances on one PostgreSQL database behind a
 * round-robin in the test. Sessions work on either; the scheduled jobs (maturity, outbox)
 * running on both do each item once; a concurrent randomized money workload (default 10,000
 * operations, 32 clients, printed seed; MULTI_SEED to replay, MULTI_OPS to change the count)
 * keeps every user's balances equal to a model and the ledger verified; with REDIS_URL the
 * sign-in rate limits are shared.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents } from '@app/shared';
import type { InjectOptions } from 'light-my-request';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { emailOutbox, investments } from '../../src/db/schema';
import { getUserBalances, verifyLedger } from '../../src/ledger';
import { buildTestApp, onPostgres, openTestDatabase, type TestApp, type TestUser, needsPostgres, needsRedis } from '../helpers/build-test-app';
import { Browser, registerIn } from '../helpers/auth-browser';
import { startSmtpSink } from '../helpers/smtp-sink';
import { BTC, fund } from '../money/helpers';

if (!onPostgres) console.log('multi-instance tests skipped: TEST_DATABASE_URL is not set (they need PostgreSQL)');

const SEED = process.env.MULTI_SEED ? Number(process.env.MULTI_SEED) : Math.floor(Math.random() * 2 ** 31);
/** 2,000 in `npm test`; `npm run test:proof` (CI) runs 10,000. */
const OPERATIONS = Number(process.env.MULTI_OPS ?? 2_000);
const CLIENTS = 32;
const TIME_BUDGET_MS = Number(process.env.MULTI_TIME_BUDGET_MS ?? 300_000);
const DAY = 24 * 3600 * 1000;

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

describe('two instances on one PostgreSQL', needsPostgres, () => {
  let database: Database;
  let one: TestApp;
  let two: TestApp;
  let turn = 0;
  /** Round-robin "load balancer". */
  const next = () => (turn++ % 2 === 0 ? one : two);

  beforeAll(async () => {
    database = await openTestDatabase({ postgres: true, poolSize: 24 });
    one = await buildTestApp({ database, config: { authRateLimitScale: 1000 } });
    two = await buildTestApp({ database, config: { authRateLimitScale: 1000 } });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.close();
  });

  it('a session made on one instance works on the other, and ends on both', async () => {
    const browser = new Browser(one);
    await registerIn(browser);
    const sid = browser.sid!;
    const onTwo = await two.app.inject({ url: '/api/users/getUser', cookies: { sid } });
    expect(onTwo.statusCode).toBe(200);
    const onOne = await one.app.inject({ url: '/api/users/getUser', headers: { authorization: `Bearer ${sid}` } });
    expect(onOne.json()._id).toBe(onTwo.json()._id);
    expect((await two.app.inject({ url: '/api/users/logout', cookies: { sid } })).statusCode).toBe(200);
    expect((await one.app.inject({ url: '/api/users/getUser', cookies: { sid } })).statusCode).toBe(401);
  });

  it(`a randomized money workload of ${OPERATIONS} operations from ${CLIENTS} clients across both instances keeps every balance and the ledger right`, { timeout: TIME_BUDGET_MS + 120_000 }, async () => {
    console.log(`multi-instance workload seed ${SEED} (replay with MULTI_SEED=${SEED}), ${OPERATIONS} operations, ${CLIENTS} clients`);
    const staff = await one.createUser({ role: 'admin' });
    const plans = (await one.app.inject({ url: '/api/invest/plans' })).json() as Array<{ _id: string; minAmount: string; maxAmount: string }>;
    const plan = [...plans].sort((a, b) => Number(a.minAmount) - Number(b.minAmount))[0]!;
    const planMin = Math.ceil(Number(plan.minAmount));
    const users = await Promise.all(Array.from({ length: CLIENTS }, () => one.createUser()));

    type Kind = 'deposit' | 'withdraw' | 'invest' | 'read';
    type Decision = 'approve' | 'reject' | 'race' | 'leave';
    const step = fc.record({
      kind: fc.constantFrom<Kind>('deposit', 'deposit', 'withdraw', 'withdraw', 'invest', 'read'),
      decision: fc.constantFrom<Decision>('approve', 'approve', 'approve', 'reject', 'race', 'leave'),
      dollars: fc.integer({ min: 1, max: 400 }),
      cents: fc.integer({ min: 0, max: 99 }),
    });
    const perClient = Math.ceil(OPERATIONS / CLIENTS / 2.2);
    const plansByClient = users.map((_, i) => fc.sample(step, { seed: SEED + i, numRuns: perClient * 2 }));

    const model = users.map(() => ({ balance: 0, available: 0, invested: 0 }));
    let operations = 0;
    const counts = { confirmed: 0, races: 0, refused: 0 };
    const unexpected: string[] = [];
    const started = Date.now();
    const call = async (app: TestApp, options: InjectOptions) => {
      operations += 1;
      const response = await app.app.inject(options);
      if (response.statusCode >= 500) unexpected.push(`${response.statusCode} ${JSON.stringify(options).slice(0, 200)} ${response.body.slice(0, 200)}`);
      return response;
    };

    await Promise.all(
      users.map(async (user, i) => {
        const me = model[i]!;
        for (const s of plansByClient[i]!) {
          if (operations >= OPERATIONS || Date.now() - started > TIME_BUDGET_MS || unexpected.length > 0) return;
          const amountCents = s.dollars * 100 + s.cents;
          const amount = formatCents(amountCents);
          if (s.kind === 'read') {
            const url = ['/api/money/dashboard', '/api/invest/getTransactionHistory', '/api/users/getUser'][s.cents % 3]!;
            const response = await call(next(), { url, headers: user.headers });
            if (response.statusCode !== 200) unexpected.push(`read ${url}: ${response.statusCode}`);
            continue;
          }
          if (s.kind === 'deposit') {
            const created = await call(next(), { method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount } });
            if (created.statusCode !== 201) {
              unexpected.push(`deposit create ${created.statusCode} ${created.body}`);
              continue;
            }
            const transactionId = created.json().transaction.transactionId as string;
            if (s.decision === 'leave') continue;
            if (s.decision === 'race') {
              counts.races += 1;
              const [a, b] = await Promise.all([
                call(one, { method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId } }),
                call(two, { method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId } }),
              ]);
              const codes = [a.statusCode, b.statusCode].sort();
              if (codes.join() !== '200,409') unexpected.push(`double confirm answered ${codes.join()}`);
              if (codes.includes(200)) {
                me.balance += amountCents;
                me.available += amountCents;
                counts.confirmed += 1;
              }
              continue;
            }
            const url = s.decision === 'approve' ? '/api/payments/confirmPayment' : '/api/payments/rejectPayment';
            const decided = await call(next(), { method: 'PATCH', url, headers: staff.headers, payload: { transactionId } });
            if (decided.statusCode !== 200) unexpected.push(`${url} ${decided.statusCode} ${decided.body}`);
            else if (s.decision === 'approve') {
              me.balance += amountCents;
              me.available += amountCents;
              counts.confirmed += 1;
            }
            continue;
          }
          // withdraw or invest: a hold, then a decision.
          const isInvest = s.kind === 'invest';
          const holdCents = isInvest ? (planMin + (s.dollars % 50)) * 100 : amountCents;
          const created = isInvest
            ? await call(next(), { method: 'POST', url: '/api/invest/start-invest', headers: user.headers, payload: { planId: plan._id, amount: holdCents / 100 } })
            : await call(next(), { method: 'POST', url: '/api/withDraw/create', headers: user.headers, payload: { amount, walletAddress: BTC } });
          const fits = holdCents <= me.available;
          if (created.statusCode !== 201) {
            counts.refused += 1;
            if (fits || created.statusCode !== 400) unexpected.push(`${s.kind} of ${holdCents} with ${me.available} available: ${created.statusCode} ${created.body}`);
            continue;
          }
          if (!fits) unexpected.push(`${s.kind} of ${holdCents} accepted with only ${me.available} available`);
          me.available -= holdCents;
          const id = (isInvest ? created.json().investment._id : created.json().withdrawal._id) as string;
          const approveUrl = isInvest ? `/api/invest/${id}/approve` : `/api/withDraw/approve/${id}`;
          const rejectUrl = isInvest ? `/api/invest/${id}/reject` : `/api/withDraw/reject/${id}`;
          const approved = () => {
            me.balance -= holdCents;
            if (isInvest) me.invested += holdCents;
          };
          const rejected = () => {
            me.available += holdCents;
          };
          if (s.decision === 'leave') continue;
          if (s.decision === 'race') {
            counts.races += 1;
            const [a, b] = await Promise.all([
              call(one, { method: 'PUT', url: approveUrl, headers: staff.headers }),
              call(two, { method: 'PUT', url: rejectUrl, headers: staff.headers }),
            ]);
            const codes = [a.statusCode, b.statusCode].sort();
            if (codes.join() !== '200,409') unexpected.push(`approve/reject race answered ${codes.join()}`);
            if (a.statusCode === 200) approved();
            if (b.statusCode === 200) rejected();
            continue;
          }
          const decided = await call(next(), { method: 'PUT', url: s.decision === 'approve' ? approveUrl : rejectUrl, headers: staff.headers });
          if (decided.statusCode !== 200) unexpected.push(`${s.kind} ${s.decision} ${decided.statusCode} ${decided.body}`);
          else if (s.decision === 'approve') approved();
          else rejected();
        }
      }),
    );

    const seconds = (Date.now() - started) / 1000;
    console.log(
      `multi-instance workload: ${operations} operations in ${seconds.toFixed(1)} s (${Math.round(operations / seconds)}/s), ${counts.confirmed} deposits confirmed, ${counts.races} races, ${counts.refused} refused for funds`,
    );
    expect(unexpected, `seed ${SEED}`).toEqual([]);
    if (operations < OPERATIONS) {
      // A saturated machine: the run is bounded in time; it still has to be a real workload.
      console.warn(`multi-instance workload: time budget of ${TIME_BUDGET_MS / 1000} s reached after ${operations} of ${OPERATIONS} operations`);
      expect(operations).toBeGreaterThanOrEqual(Math.min(OPERATIONS, 2_000));
    }

    for (let i = 0; i < users.length; i += 1) {
      const balances = await getUserBalances(database.db, users[i]!.user.id);
      expect({ balance: balances.balanceCents, available: balances.availableCents, invested: balances.investedCents }, `user ${i}, seed ${SEED}`).toEqual(model[i]);
    }
    const report = await verifyLedger(database.db);
    expect(report.problems).toEqual([]);
    const deposits = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ledger_journals where kind = 'deposit'`))[0]!.n;
    const confirmedPayments = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from payments where status = 'Confirmed'`))[0]!.n;
    expect(deposits).toBe(confirmedPayments);
    expect(deposits).toBeGreaterThanOrEqual(counts.confirmed);
  });
});

describe('scheduled jobs on two instances run each item once', needsPostgres, () => {
  it('maturity and email delivery, both instances running their timers', { timeout: 120_000 }, async () => {
    const database = await openTestDatabase({ postgres: true, poolSize: 12 });
    const sink = await startSmtpSink();
    const seeder = await buildTestApp({ database });
    let a: TestApp | undefined;
    let b: TestApp | undefined;
    try {
      const staff = await seeder.createUser({ role: 'admin' });
      const plans = (await seeder.app.inject({ url: '/api/invest/plans' })).json() as Array<{ _id: string; minAmount: string }>;
      const plan = [...plans].sort((x, y) => Number(x.minAmount) - Number(y.minAmount))[0]!;
      const investors: TestUser[] = [];
      for (let i = 0; i < 6; i += 1) investors.push(await seeder.createUser());
      let count = 0;
      for (const investor of investors) {
        await fund(seeder, investor, staff, Number(plan.minAmount) * 4 + 10);
        for (let k = 0; k < 3; k += 1) {
          const started = await seeder.app.inject({ method: 'POST', url: '/api/invest/start-invest', headers: investor.headers, payload: { planId: plan._id, amount: Number(plan.minAmount) } });
          expect(started.statusCode).toBe(201);
          const approved = await seeder.app.inject({ method: 'PUT', url: `/api/invest/${started.json().investment._id}/approve`, headers: staff.headers });
          expect(approved.statusCode).toBe(200);
          count += 1;
        }
      }
      await seeder.close();
      // Emails of the seeding instance (no SMTP) stay stored; the ones the job instances make must be sent once.
      const firstNew = rows<{ n: number }>(await database.db.execute(sql`select coalesce(max(id), 0)::int as n from email_outbox`))[0]!.n;
      // Both instances run the jobs (maturity first tick after 1 s, outbox delivery) with clocks a year ahead.
      a = await buildTestApp({ database, config: { runJobs: true, smtpUrl: sink.url } });
      b = await buildTestApp({ database, config: { runJobs: true, smtpUrl: sink.url } });
      a.clock.advance(400 * DAY);
      b.clock.advance(400 * DAY);
      const deadline = Date.now() + 60_000;
      let pending = -1;
      let ended = 0;
      while (Date.now() < deadline) {
        ended = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from investments where status = 'Ended'`))[0]!.n;
        pending = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from email_outbox where status <> 'sent' and id > ${firstNew}`))[0]!.n;
        if (ended === count && pending === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(ended).toBe(count);
      expect(pending).toBe(0);
      const journals = rows<{ reference: string; n: number }>(await database.db.execute(sql`select reference, count(*)::int as n from ledger_journals where kind = 'maturity' group by reference`));
      expect(journals).toHaveLength(count);
      expect(journals.every((row) => row.n === 1)).toBe(true);
      const matured = await database.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.kind, 'investment-matured'));
      expect(matured[0]!.n).toBe(count);
      const sent = rows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from email_outbox where id > ${firstNew}`));
      // Let a late duplicate (if any) arrive before counting what the SMTP server received.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(sent[0]!.n).toBeGreaterThanOrEqual(count);
      expect(sink.messages.length).toBe(sent[0]!.n);
      expect((await verifyLedger(database.db)).problems).toEqual([]);
      expect(await database.db.select().from(investments).where(eq(investments.status, 'Active'))).toEqual([]);
    } finally {
      await a?.close();
      await b?.close();
      await sink.close();
      await database.close();
    }
  });
});

describe('rate limits shared through Redis', needsRedis, () => {
  it('the per-account sign-in limit counts attempts on both instances together', { timeout: 60_000 }, async () => {
    const database = await openTestDatabase({ postgres: true, poolSize: 6 });
    const a = await buildTestApp({ database, config: { redisUrl: process.env.REDIS_URL } });
    const b = await buildTestApp({ database, config: { redisUrl: process.env.REDIS_URL } });
    try {
      const user = await a.createUser();
      // Redis outlives the run: addresses of their own keep other runs' per-IP counts out.
      const network = randomInt(256);
      const codes: number[] = [];
      // 10 attempts per account per window (AUTH_RATE_LIMITS.login.account); alternate instances and IPs.
      for (let i = 0; i < 12; i += 1) {
        const response = await (i % 2 ? b : a).app.inject({
          method: 'POST',
          url: '/api/users/login',
          remoteAddress: `10.${network}.${i}.1`,
          payload: { email: user.user.email, password: 'Wrong-pass1!' },
        });
        codes.push(response.statusCode);
      }
      expect(codes.slice(0, 10).every((code) => code === 401)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
if (!process.env.REDIS_URL) console.log('shared rate-limit test skipped: REDIS_URL is not set');
