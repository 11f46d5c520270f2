/**
 * Money and availability when the database fails (issue 39): keyed money writes stay exactly
 * once whatever fails (PostgreSQL and the embedded database), and on PostgreSQL with two app
 * instances behind a TCP proxy the test controls: connections killed, a database that stops
 * answering without a reset, and one that refuses connections.
 */
import { Writable } from 'node:stream';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { openPostgres, type Database } from '../../src/db/client';
import { verifyLedger } from '../../src/ledger';
import { buildTestApp, openTestDatabase, testConfig, needsPostgres, type TestApp, type TestUser } from '../helpers/build-test-app';
import { BTC, fund } from '../money/helpers';
import { cuttableProxy, startServer, type CuttableProxy } from './proc';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const json = (user: TestUser, key?: string) => ({ ...user.headers, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) });

describe('a keyed write whose transaction fails part-way', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    // A real failure inside the write's transaction, after the deposit row is written: storing
    // the answer of a key named fail-… raises, as a database shutting down would (57P01).
    await t.database.db.execute(sql.raw(`
      create function fail_keyed_answer() returns trigger language plpgsql as $$
      begin
        if new.key like 'fail-%' and new.status_code is not null then
          raise exception 'injected: the database is shutting down' using errcode = 'admin_shutdown';
        end if;
        return new;
      end $$`));
    await t.database.db.execute(sql.raw('create trigger fail_keyed_answer before update on idempotency_keys for each row execute function fail_keyed_answer()'));
  });
  afterAll(() => t?.close());

  const depositsOf = async (user: TestUser, cents: number) =>
    rows<{ transaction_id: string }>(await t.database.db.execute(sql`select transaction_id from payments where user_id = ${user.user.id} and amount_cents = ${cents}`));

  it('keeps nothing, not even the deposit; the retry with the same key writes it once and replays after', async () => {
    const user = await t.createUser();
    const send = () => t.app.inject({ method: 'POST', url: '/api/payments/create', headers: json(user, 'fail-deposit-1'), payload: { amount: '12.34' } });

    const failed = await send();
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('5');
    expect(failed.json()).toEqual({ message: UNAVAILABLE });
    expect(await depositsOf(user, 1234)).toEqual([]);

    await t.database.db.execute(sql.raw('drop trigger fail_keyed_answer on idempotency_keys'));
    const retried = await send();
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await send();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(retried.json());
    expect((await depositsOf(user, 1234)).map((row) => row.transaction_id)).toEqual([retried.json().transaction.transactionId]);
  });

  it('a staff decision and an adjustment sent with a key happen once, however often they are sent', async () => {
    const staff = await t.createUser({ role: 'admin' });
    const user = await t.createUser();
    const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: json(user), payload: { amount: 50 } });
    const transactionId = created.json().transaction.transactionId as string;
    const confirm = () =>
      t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: json(staff, `confirm-${transactionId}`), payload: { transactionId } });
    const first = await confirm();
    const second = await confirm();
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBe('true');

    const adjust = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/editDepositBalance/${user.user.id}`,
        headers: json(staff, 'adjust-once'),
        payload: { operation: 'add', amount: 7, reason: 'Goodwill credit' },
      });
    expect((await adjust()).statusCode).toBe(200);
    expect((await adjust()).headers['idempotent-replayed']).toBe('true');
    const dashboard = await t.app.inject({ url: '/api/money/dashboard', headers: user.headers });
    expect(dashboard.json().balance).toBe('57.00');
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});

describe('PostgreSQL failing under two instances', needsPostgres, () => {
  /** Short, so the suite spends seconds, not minutes, in each fault. */
  const QUERY_TIMEOUT_MS = 1_500;
  let direct: Database & { url?: string };
  let proxy: CuttableProxy;
  let pools: Database[] = [];
  let instances: TestApp[] = [];
  let admin: pg.Client;
  /** Connected to another database: ALTER DATABASE cannot refuse the connection it is sent on. */
  let operator: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    direct = await openTestDatabase({ postgres: true, poolSize: 2 });
    const url = new URL(direct.url!);
    databaseName = url.pathname.slice(1);
    proxy = await cuttableProxy(Number(url.port || 5432));
    url.host = `127.0.0.1:${proxy.port}`;
    pools = [0, 1].map(() => openPostgres(url.toString(), 4, { queryTimeoutMs: QUERY_TIMEOUT_MS }));
    instances = await Promise.all(pools.map((database) => buildTestApp({ database, config: { databaseQueryTimeoutMs: QUERY_TIMEOUT_MS } })));
    admin = new pg.Client({ connectionString: direct.url });
    await admin.connect();
    const operatorUrl = new URL(direct.url!);
    operatorUrl.pathname = '/postgres';
    operator = new pg.Client({ connectionString: operatorUrl.toString() });
    await operator.connect();
  });
  afterAll(async () => {
    await operator?.query(`alter database ${databaseName} allow_connections true`).catch(() => {});
    await operator?.end();
    await Promise.all(instances.map((instance) => instance.close()));
    await Promise.all(pools.map((pool) => pool.close().catch(() => {})));
    await proxy?.close();
    await admin?.end();
    await direct?.close();
  });

  const killAppConnections = () =>
    admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);

  /** Every page a signed-in user opens answers 200 on both instances (bounded: 45 s). */
  async function everyPageAnswers(users: TestUser[]) {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const statuses = await Promise.all(
        instances.flatMap((instance) =>
          users.flatMap((user) => ['/api/money/dashboard', '/api/users/getUser'].map((url) => instance.app.inject({ url, headers: user.headers }).then((r) => r.statusCode))),
        ),
      );
      if (statuses.every((status) => status === 200)) return;
      if (Date.now() > deadline) throw new Error(`pages still failing 45 s after recovery: ${statuses.join(',')}`);
      await sleep(200);
    }
  }

  it('connections killed every 150-450 ms: no keyed write twice, none lost, no key stuck, never a 500', { timeout: 120_000 }, async () => {
    const staff = await instances[0]!.createUser({ role: 'admin' });
    const users = await Promise.all(Array.from({ length: 8 }, () => instances[0]!.createUser()));
    for (const user of users) await fund(instances[0]!, user, staff, 1000);

    const statuses = new Map<number, number>();
    /** One logical request: sent with its key until it gets an answer other than 503 (bounded). */
    const keyed = async (instance: TestApp, url: string, user: TestUser, key: string, payload: Record<string, string>, until: number) => {
      for (;;) {
        const response = await instance.app.inject({ method: 'POST', url, headers: json(user, key), payload });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode !== 503 || Date.now() > until) return response;
        await sleep(50);
      }
    };

    let killing = true;
    const killer = (async () => {
      while (killing) {
        await killAppConnections();
        await sleep(150 + Math.random() * 300);
      }
    })();
    const faultsEnd = Date.now() + 8_000;
    const giveUp = faultsEnd + 45_000;
    const answers = await Promise.all(
      users.map(async (user, u) => {
        const done: Array<{ kind: 'deposit' | 'withdrawal'; cents: number; key: string; response: Response }> = [];
        for (let i = 0; Date.now() < faultsEnd; i += 1) {
          const instance = instances[(u + i) % 2]!;
          const depositCents = 10_000 + i;
          const key = `u${u}-deposit-${i}`;
          done.push({ kind: 'deposit', cents: depositCents, key, response: await keyed(instance, '/api/payments/create', user, key, { amount: (depositCents / 100).toFixed(2) }, giveUp) });
          const withdrawalCents = 100 + i;
          const wkey = `u${u}-withdrawal-${i}`;
          done.push({
            kind: 'withdrawal',
            cents: withdrawalCents,
            key: wkey,
            response: await keyed(instances[(u + i + 1) % 2]!, '/api/withDraw/create', user, wkey, { amount: (withdrawalCents / 100).toFixed(2), walletAddress: BTC }, giveUp),
          });
        }
        return done;
      }),
    );
    killing = false;
    await killer;
    const all = answers.flat();
    console.log(`connection kills: ${all.length} keyed writes; answers ${JSON.stringify(Object.fromEntries(statuses))}`);

    expect(statuses.get(503) ?? 0, 'the faults reached the requests').toBeGreaterThan(0);
    expect(statuses.get(500) ?? 0, 'a failing database is 503, never 500').toBe(0);
    // No key stuck: every logical request finally succeeded.
    expect(all.filter((entry) => entry.response.statusCode !== 201).map((entry) => `${entry.key}: ${entry.response.statusCode} ${entry.response.body}`)).toEqual([]);

    // Each acknowledged write exists exactly once, and is the one its answer named.
    for (const [u, user] of users.entries()) {
      const payments = rows<{ transaction_id: string; amount_cents: number }>(
        await direct.db.execute(sql`select transaction_id, amount_cents from payments where user_id = ${user.user.id} and amount_cents >= 10000 and amount_cents <> 100000`),
      );
      const withdrawals = rows<{ id: string; amount_cents: number }>(await direct.db.execute(sql`select id, amount_cents from withdrawals where user_id = ${user.user.id}`));
      const mine = answers[u]!;
      const deposits = mine.filter((entry) => entry.kind === 'deposit');
      expect(payments.map((row) => row.transaction_id).sort()).toEqual(deposits.map((entry) => entry.response.json().transaction.transactionId).sort());
      expect(withdrawals.map((row) => row.id).sort()).toEqual(mine.filter((entry) => entry.kind === 'withdrawal').map((entry) => entry.response.json().withdrawal._id).sort());
      expect(new Set(payments.map((row) => row.amount_cents)).size).toBe(payments.length);
    }
    // Every key replays what it answered.
    for (const entry of all.filter((_, index) => index % 7 === 0)) {
      const user = users[Number(entry.key.split('-')[0]!.slice(1))]!;
      const url = entry.kind === 'deposit' ? '/api/payments/create' : '/api/withDraw/create';
      const payload = entry.kind === 'deposit' ? { amount: (entry.cents / 100).toFixed(2) } : { amount: (entry.cents / 100).toFixed(2), walletAddress: BTC };
      const again = await instances[1]!.app.inject({ method: 'POST', url, headers: json(user, entry.key), payload });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(entry.response.json());
    }
    const report = await verifyLedger(direct.db);
    expect(report.problems).toEqual([]);
    await everyPageAnswers(users.slice(0, 3));
  });

  it('a database that stops answering: 503 within the query deadline plus a second, not ready, and back by itself', { timeout: 120_000 }, async () => {
    const users = await Promise.all([0, 1].map(() => instances[0]!.createUser()));
    await everyPageAnswers(users);
    proxy.stall();
    try {
      for (const round of [1, 2]) {
        const timed = await Promise.all(
          instances.flatMap((instance, i) =>
            [
              { url: '/api/money/dashboard', headers: users[i]!.headers },
              { url: '/api/users/getUser', headers: users[i]!.headers },
              { method: 'POST' as const, url: '/api/payments/create', headers: json(users[i]!, `stalled-${round}`), payload: { amount: '33.00' } },
              { url: '/api/ready' },
            ].map(async (request) => {
              const started = Date.now();
              const response = await instance.app.inject(request);
              return { url: request.url, status: response.statusCode, ms: Date.now() - started, body: response.json() as Record<string, unknown> };
            }),
          ),
        );
        for (const answer of timed) {
          expect(answer.status, `${answer.url} (round ${round})`).toBe(503);
          expect(answer.ms, `${answer.url} answered in ${answer.ms} ms (round ${round})`).toBeLessThan(QUERY_TIMEOUT_MS + 1_000);
          if (answer.url !== '/api/ready') expect(answer.body).toEqual({ message: UNAVAILABLE });
        }
      }
    } finally {
      proxy.resume();
    }
    await everyPageAnswers(users);
    // The keyed deposit asked for during the stall goes through once when retried.
    const retry = await instances[1]!.app.inject({ method: 'POST', url: '/api/payments/create', headers: json(users[0]!, 'stalled-1'), payload: { amount: '33.00' } });
    expect(retry.statusCode).toBe(201);
    const count = rows<{ n: number }>(await direct.db.execute(sql`select count(*)::int as n from payments where user_id = ${users[0]!.user.id} and amount_cents = 3300`));
    expect(count[0]!.n).toBe(1);
    expect((await instances[0]!.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('a database that refuses connections (not allowed, then not listening) answers 503 with Retry-After, logged once', { timeout: 120_000 }, async () => {
    const user = await instances[0]!.createUser();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const url = new URL(direct.url!);
    url.host = `127.0.0.1:${proxy.port}`;
    const pool = openPostgres(url.toString(), 2, { queryTimeoutMs: QUERY_TIMEOUT_MS });
    const watched = await buildApp({ config: testConfig({ databaseQueryTimeoutMs: QUERY_TIMEOUT_MS }), database: pool, logger: { level: 'warn', stream } });
    try {
      await operator.query(`alter database ${databaseName} allow_connections false`);
      await operator.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> $2`, [databaseName, (admin as unknown as { processID: number }).processID]);
      for (const app of [instances[0]!.app, watched]) {
        for (let i = 0; i < 5; i += 1) {
          const response = await app.inject({ url: '/api/money/dashboard', headers: user.headers });
          expect(response.statusCode).toBe(503);
          expect(response.headers['retry-after']).toBe('5');
          expect(response.json()).toEqual({ message: UNAVAILABLE });
        }
      }
      const warnings = lines.filter((line) => line.includes('database unavailable'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/not currently accepting connections/);
      await operator.query(`alter database ${databaseName} allow_connections true`);
      await everyPageAnswers([user]);

      await proxy.cut();
      const refused = await instances[1]!.app.inject({ url: '/api/users/getUser', headers: user.headers });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      await proxy.restore();
      await everyPageAnswers([user]);
    } finally {
      await operator.query(`alter database ${databaseName} allow_connections true`);
      await proxy.restore();
      await watched.close();
      await pool.close();
    }
  });

  it('shuts down within its budget while the database is stalled under a request', { timeout: 120_000 }, async () => {
    const url = new URL(direct.url!);
    url.host = `127.0.0.1:${proxy.port}`;
    const server = await startServer(url.toString(), { DATABASE_QUERY_TIMEOUT_MS: '30000' });
    const user = await instances[0]!.createUser();
    proxy.stall();
    try {
      const hanging = fetch(`${server.url}/api/money/dashboard`, { headers: user.headers }).catch(() => undefined);
      await sleep(300);
      const started = Date.now();
      await server.kill('SIGTERM');
      const took = Date.now() - started;
      expect(took, `shutdown took ${took} ms`).toBeLessThan(11_000);
      expect(server.child.exitCode, server.output()).toBe(0);
      await hanging;
    } finally {
      proxy.resume();
      await server.kill('SIGKILL');
    }
  });
});
