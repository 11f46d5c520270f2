/**
 * Faults on PostgreSQL (issue 9):
 * - crash safety: the real server (child process) under a money workload is killed with
 *   SIGKILL and restarted; the ledger verifies, every 2xx answer is in the database, no
 *   journal is half-written, and the restarted server keeps working;
 * - database outage: connections dropped mid-request (pg_terminate_backend, and a proxy
 *   between app and database that cuts everything): 503 with a clear message, /api/ready
 *   reports not ready, and service resumes by itself when the database is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Database } from '../../src/db/client';
import { verifyLedger } from '../../src/ledger';
import { insertUser } from '../../src/services/auth/accounts';
import { createSession } from '../../src/services/auth/sessions';
import { buildTestApp, onPostgres, openTestDatabase, TEST_PASSWORD, type TestApp, needsPostgres } from '../helpers/build-test-app';
import { BTC, fund } from '../money/helpers';
import { cuttableProxy, startServer, type ChildServer } from './proc';

if (!onPostgres) console.log('fault tests skipped: TEST_DATABASE_URL is not set (they need PostgreSQL)');

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

async function makeUser(db: Database['db'], role: 'admin' | 'subscriber', n: number) {
  const user = await insertUser(db, {
    name: `Proof ${role} ${n}`,
    email: `proof-${role}-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: TEST_PASSWORD,
    phone: '+14155550100',
    country: 'US',
    role,
    isVerified: true,
    kycStatus: 'Approved',
    referredById: null,
  });
  const { token } = await createSession(db, user.id, { deviceId: 'proof' });
  return { id: user.id, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

describe('crash safety: SIGKILL under a money workload', needsPostgres, () => {
  let database: Database & { url?: string };
  let server: ChildServer | undefined;

  beforeAll(async () => {
    database = await openTestDatabase({ postgres: true, poolSize: 4 });
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await database?.close();
  });

  it('after a restart the ledger verifies, every 2xx is present and nothing is half-written', { timeout: 240_000 }, async () => {
    const admin = await makeUser(database.db, 'admin', 0);
    const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => makeUser(database.db, 'subscriber', i + 1)));
    server = await startServer(database.url!);

    const created = new Set<string>();
    const confirmed = new Set<string>();
    const withdrawalsCreated = new Set<string>();
    const withdrawalsApproved = new Set<string>();
    let killed = false;
    const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
      try {
        const response = await fetch(`${server!.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
        return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
      } catch {
        return { status: 0, json: {} };
      }
    };
    const started = Date.now();
    const workload = clients.map(async (client, i) => {
      for (let step = 0; step < 200 && !killed && Date.now() - started < 60_000; step += 1) {
        const amount = 10 + ((step * 7 + i * 13) % 90);
        const deposit = await call('POST', '/api/payments/create', client.headers, { amount });
        if (deposit.status !== 201) continue;
        const transactionId = (deposit.json.transaction as { transactionId: string }).transactionId;
        created.add(transactionId);
        const confirm = await call('PATCH', '/api/payments/confirmPayment', admin.headers, { transactionId });
        if (confirm.status === 200) confirmed.add(transactionId);
        if (confirm.status !== 200) continue;
        const withdrawal = await call('POST', '/api/withDraw/create', client.headers, { amount: 5, walletAddress: BTC });
        if (withdrawal.status !== 201) continue;
        const id = (withdrawal.json.withdrawal as { _id: string })._id;
        withdrawalsCreated.add(id);
        if (step % 2 === 0) {
          const approve = await call('PUT', `/api/withDraw/approve/${id}`, { authorization: admin.headers.authorization });
          if (approve.status === 200) withdrawalsApproved.add(id);
        }
      }
    });
    // Kill mid-way: once enough money has moved (or after a bounded time).
    while (confirmed.size < 40 && Date.now() - started < 45_000) await new Promise((resolve) => setTimeout(resolve, 50));
    await server.kill('SIGKILL');
    killed = true;
    await Promise.all(workload);
    console.log(`crash: killed after ${confirmed.size} confirmed deposits, ${withdrawalsCreated.size} withdrawals, ${withdrawalsApproved.size} approved`);
    expect(confirmed.size).toBeGreaterThan(0);

    server = await startServer(database.url!);
    const report = await verifyLedger(database.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);

    const payments = rows<{ transaction_id: string; status: string; id: string }>(await database.db.execute(sql`select id, transaction_id, status from payments`));
    const byTx = new Map(payments.map((payment) => [payment.transaction_id, payment]));
    for (const transactionId of created) expect(byTx.has(transactionId), `payment ${transactionId} answered 201 but is missing`).toBe(true);
    for (const transactionId of confirmed) expect(byTx.get(transactionId)?.status, `payment ${transactionId} answered 200 to confirm`).toBe('Confirmed');
    // A deposit is Confirmed exactly when its journal exists: no status without money, no money without status.
    const mismatched = rows<{ id: string }>(
      await database.db.execute(sql`select p.id from payments p left join ledger_journals j on j.kind = 'deposit' and j.reference = 'payment:' || p.id
        where (p.status = 'Confirmed') <> (j.id is not null)`),
    );
    expect(mismatched).toEqual([]);
    const withdrawals = rows<{ id: string; status: string }>(await database.db.execute(sql`select id, status from withdrawals`));
    const byId = new Map(withdrawals.map((withdrawal) => [withdrawal.id, withdrawal.status]));
    for (const id of withdrawalsCreated) expect(byId.has(id), `withdrawal ${id} answered 201 but is missing`).toBe(true);
    for (const id of withdrawalsApproved) expect(byId.get(id)).toBe('Approved');
    // Every pending withdrawal still holds its money; approved ones hold nothing.
    const holdsMismatch = rows<{ id: string }>(
      await database.db.execute(sql`select w.id from withdrawals w left join ledger_holds h on h.purpose = 'withdrawal' and h.reference = w.id
        where (w.status = 'Pending' and coalesce(h.status, '') <> 'held') or (w.status = 'Approved' and coalesce(h.status, '') <> 'settled')`),
    );
    expect(holdsMismatch).toEqual([]);

    // The restarted server works.
    const after = await call('POST', '/api/payments/create', clients[0]!.headers, { amount: 25 });
    expect(after.status).toBe(201);
    const transactionId = (after.json.transaction as { transactionId: string }).transactionId;
    expect((await call('PATCH', '/api/payments/confirmPayment', admin.headers, { transactionId })).status).toBe(200);
    expect((await verifyLedger(database.db)).ok).toBe(true);
  });
});

describe('database outage', needsPostgres, () => {
  let direct: Database & { url?: string };
  let proxied: Database;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let t: TestApp;
  let admin: pg.Client;

  beforeAll(async () => {
    direct = await openTestDatabase({ postgres: true, poolSize: 2 });
    const url = new URL(direct.url!);
    proxy = await cuttableProxy(Number(url.port || 5432));
    url.host = `127.0.0.1:${proxy.port}`;
    proxied = openPostgres(url.toString(), 4);
    t = await buildTestApp({ database: proxied });
    admin = new pg.Client({ connectionString: direct.url });
    await admin.connect();
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close().catch(() => {});
    await proxy?.close();
    await admin?.end();
    await direct?.close();
  });

  const UNAVAILABLE = 'The service is temporarily unavailable. Please try again shortly.';

  it('a connection terminated mid-request (pg_terminate_backend) answers 503 with a clear message; the next request works', async () => {
    const staff = await t.createUser({ role: 'admin' });
    const user = await t.createUser();
    await fund(t, user, staff, 100);
    const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount: 40 } });
    const transactionId = created.json().transaction.transactionId as string;
    // Hold the user's wallet row so the confirmation blocks inside its transaction, then kill its backend.
    await admin.query('begin');
    await admin.query(`select 1 from ledger_accounts where user_id = $1 for update`, [user.user.id]);
    const pending = t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId } });
    let terminated = 0;
    for (let attempt = 0; attempt < 100 && terminated === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const result = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      terminated = result.rowCount ?? 0;
    }
    expect(terminated).toBeGreaterThan(0);
    const response = await pending;
    await admin.query('rollback');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: UNAVAILABLE });
    // Nothing half-done: still pending, no money moved; then confirming again works.
    const status = await admin.query('select status from payments where transaction_id = $1', [transactionId]);
    expect(status.rows[0].status).toBe('Pending');
    const again = await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: staff.headers, payload: { transactionId } });
    expect(again.statusCode).toBe(200);
    expect((await verifyLedger(direct.db)).ok).toBe(true);
  });

  it('the database going away: 503 and not ready while it is gone, service resumes by itself', { timeout: 60_000 }, async () => {
    const user = await t.createUser();
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    await proxy.cut();
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);

    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not ready', message: 'Database is unreachable' });
    for (const request of [
      { method: 'GET' as const, url: '/api/users/getUser', headers: user.headers },
      { method: 'GET' as const, url: '/api/money/dashboard', headers: user.headers },
      { method: 'POST' as const, url: '/api/payments/create', headers: user.headers, payload: { amount: 10 } },
      { method: 'GET' as const, url: '/api/invest/plans' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(503);
      expect(response.json(), request.url).toEqual({ message: UNAVAILABLE });
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await proxy.restore();
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await t.app.inject({ url: '/api/ready' })).statusCode;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await t.app.inject({ url: '/api/users/getUser', headers: user.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount: 10 } })).statusCode).toBe(201);
  });
});
