import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { auditLog, emailOutbox, payments } from '../../../src/db/schema';
import { adjustBalance, creditDeposit, holdForInvestment, holdForWithdrawal, settleWithdrawal } from '../../../src/ledger';
import { SETTINGS_MESSAGES } from '@app/shared';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { insertPendingKyc } from '../../helpers/kyc-calls';

let t: TestApp;

beforeAll(async () => {
  process.env.ADMIN_EVENTS_POLL_MS = '100';
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  delete process.env.ADMIN_EVENTS_POLL_MS;
});

describe('outbox', () => {
  it('lists emails with status counts and hides bodies that carry secrets', async () => {
    const author = await t.createUser({ role: 'author' });
    const db = t.database.db;
    await db.insert(emailOutbox).values([
      { toAddress: 'a@example.com', subject: 'Reset', html: '<p>x</p>', text: 'reset link https://x/reset/SECRET', kind: 'password-reset', status: 'stored' },
      { toAddress: 'b@example.com', subject: 'Hello', html: '<p>x</p>', text: 'plain hello', kind: 'composed', status: 'failed', lastError: 'boom', attempts: 8 },
      { toAddress: 'c@example.com', subject: 'Sent one', html: '<p>x</p>', text: 'sent body', kind: 'composed', status: 'sent' },
    ]);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: author.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts).toMatchObject({ failed: 1, sent: 1 });
    expect(body.counts.stored).toBeGreaterThanOrEqual(1);
    expect(body.delivering).toBe(false);
    const reset = body.items.find((item: { kind: string }) => item.kind === 'password-reset');
    expect(reset.text).toBeNull();
    expect(JSON.stringify(body)).not.toContain('SECRET');
    expect(body.items.find((item: { subject: string }) => item.subject === 'Hello').text).toBe('plain hello');

    const failedOnly = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?status=failed', headers: author.headers });
    expect(failedOnly.json().items.every((item: { status: string }) => item.status === 'failed')).toBe(true);
  });

  it('retries a failed email (audited); refuses a sent one', async () => {
    const author = await t.createUser({ role: 'author' });
    const db = t.database.db;
    const [failed] = await db
      .insert(emailOutbox)
      .values({ toAddress: 'f@example.com', subject: 'F', html: '', text: '', kind: 'composed', status: 'failed', attempts: 8 })
      .returning();
    const [sent] = await db
      .insert(emailOutbox)
      .values({ toAddress: 's@example.com', subject: 'S', html: '', text: '', kind: 'composed', status: 'sent' })
      .returning();
    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed!.id}/retry`, headers: author.headers });
    expect(retry.statusCode).toBe(200);
    const [after] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(after!.attempts).toBe(0);
    expect(['pending', 'stored']).toContain(after!.status);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'email.retry')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ actorId: author.user.id, targetId: String(failed!.id) });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${sent!.id}/retry`, headers: author.headers })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/outbox/999999/retry', headers: author.headers })).statusCode).toBe(404);
  });

  it('is staff only', async () => {
    const user = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: user.headers })).statusCode).toBe(403);
  });
});

describe('audit log', () => {
  it('lists entries with actor names and filters by action, actor and target', async () => {
    const admin = await t.createUser({ role: 'admin', name: 'Audit Admin' });
    const target = await t.createUser({ name: 'Target Person' });
    await t.app.inject({ method: 'POST', url: '/api/users/upgradeUser', headers: admin.headers, payload: { id: target.user.id, role: 'author' } });
    await t.app.inject({ method: 'POST', url: `/api/users/impersonate/${target.user.id}`, headers: admin.headers });

    const all = await t.app.inject({ method: 'GET', url: `/api/admin/audit?targetId=${target.user.id}`, headers: admin.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(2);
    expect(all.json().items[0]).toMatchObject({ action: 'user.impersonate.start', actorName: 'Audit Admin', targetName: 'Target Person' });
    expect(all.json().actions).toContain('user.role_change');

    const one = await t.app.inject({ method: 'GET', url: `/api/admin/audit?targetId=${target.user.id}&action=user.role_change`, headers: admin.headers });
    expect(one.json().items).toHaveLength(1);
    expect(one.json().items[0]).toMatchObject({ before: { role: 'subscriber' }, after: { role: 'author' } });

    const byActor = await t.app.inject({ method: 'GET', url: `/api/admin/audit?actorId=${admin.user.id}`, headers: admin.headers });
    expect(byActor.json().total).toBe(2);
    const future = await t.app.inject({ method: 'GET', url: `/api/admin/audit?actorId=${admin.user.id}&from=2999-01-01`, headers: admin.headers });
    expect(future.json().total).toBe(0);
  });

  it('is append-only: the database refuses edits and deletes', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('offers no way to change entries over HTTP', async () => {
    const admin = await t.createUser({ role: 'admin' });
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/admin/audit', headers: admin.headers })).statusCode).toBe(404);
    }
  });

  it('is staff only', async () => {
    const subscriber = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: subscriber.headers })).statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('admins read and change settings; the change is audited with before and after', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toHaveProperty('depositAddresses');
    const before = read.json().support;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { support: { ...before, phone: '+1 555 000 1111' }, riskNotice: read.json().riskNotice },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().support.phone).toBe('+1 555 000 1111');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      targetId: 'support',
      before: { support: { phone: before.phone } },
      after: { support: { phone: '+1 555 000 1111' } },
    });
  });

  it('accepts valid receiving addresses and refuses one that is not valid for its asset', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { depositAddresses: { BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', ETH: '0x52908400098527886E0F7030069857D2E4169EE7' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().depositAddresses.BTC).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: { depositAddresses: { BTC: 'not-an-address' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The BTC receiving address is not a valid BTC address');
    // Changing one setting leaves the others as they are.
    const notice = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: { riskNotice: 'Capital at risk.' } });
    expect(notice.statusCode).toBe(200);
    const kept = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.headers });
    expect(kept.json().riskNotice).toBe('Capital at risk.');
    expect(kept.json().depositAddresses.BTC).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  });

  it('refuses invalid values and non-admins', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const author = await t.createUser({ role: 'author' });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload: { withdrawalFee: { flatCents: -5, basisPoints: 0 } } });
    expect(bad.statusCode).toBe(400);
    // The settings form's rule (settingsFormSchema pipes into the same schema).
    expect(bad.json().message).toBe(SETTINGS_MESSAGES.flatFee);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: author.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: author.headers, payload: {} })).statusCode).toBe(403);
  });
});

describe('solvency', () => {
  it('compares what users are owed with what was received and paid, from the ledger, with verify', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/solvency', headers: admin.headers })).json();
    const user = await t.createUser();
    await t.database.db.transaction(async (tx) => {
      await creditDeposit(tx, { userId: user.user.id, paymentId: randomUUID(), transactionId: 'DEP-S1', amountCents: 100_000, actorId: admin.user.id });
      await holdForWithdrawal(tx, { userId: user.user.id, withdrawalId: 'sw1', amountCents: 20_000 });
      await settleWithdrawal(tx, { withdrawalId: 'sw1', feeCents: 500, actorId: admin.user.id });
      await holdForInvestment(tx, { userId: user.user.id, investmentId: 'si1', amountCents: 10_000 });
      await adjustBalance(tx, { userId: user.user.id, operation: 'add', amountCents: 1_000, reason: 'goodwill', actorId: admin.user.id });
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/solvency', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const after = response.json();
    const delta = (path: (r: typeof after) => string) => Math.round((Number(path(after)) - Number(path(before))) * 100);
    expect(delta((r) => r.flows.received)).toBe(100_000);
    expect(delta((r) => r.flows.paidOut)).toBe(19_500);
    expect(delta((r) => r.flows.feeIncome)).toBe(500);
    expect(delta((r) => r.owed.held)).toBe(10_000);
    // 1000 deposited - 200 withdrawn + 10 goodwill
    expect(delta((r) => r.owed.balances)).toBe(81_000);
    // received 1000 - paid 195 = 805 held by the platform, against 810 owed (the $5 fee stays, the $10 goodwill is a cost)
    expect(delta((r) => r.surplus)).toBe(-500);
    expect(after.ledger.ok).toBe(true);
    // An active investment: its principal is owed now, its profit at maturity.
    await t.database.db.execute(sql`insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status)
      values ('solv-inv', 'INV-SOLV1', ${user.user.id}, 'plan', 'Basic', 850, 86400, 12345, 'Active')`);
    const withInvestment = (await t.app.inject({ method: 'GET', url: '/api/admin/solvency', headers: admin.headers })).json();
    expect(withInvestment.activeInvestments).toBe(after.activeInvestments + 1);
    // 123.45 x 8.5% = 10.49325 -> 10.49
    expect(Math.round((Number(withInvestment.owed.profitDueAtMaturity) - Number(after.owed.profitDueAtMaturity)) * 100)).toBe(1049);
    const subscriber = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/solvency', headers: subscriber.headers })).statusCode).toBe(403);
  });
});

describe('live queues', () => {
  it('GET /api/admin/pending-counts counts waiting requests per queue', async () => {
    const author = await t.createUser({ role: 'author' });
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/pending-counts', headers: author.headers })).json();
    const user = await t.createUser();
    await insertPendingKyc(t.database.db, user.user.id);
    await t.database.db.insert(payments).values({ id: randomUUID(), transactionId: `DEP-${randomUUID().slice(0, 8)}`, userId: user.user.id, amountCents: 100 });
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/pending-counts', headers: author.headers });
    expect(after.statusCode).toBe(200);
    expect(after.json().kyc).toBe(before.kyc + 1);
    expect(after.json().deposits).toBe(before.deposits + 1);
    expect(after.json()).toHaveProperty('investments');
    expect(after.json()).toHaveProperty('withdrawals');
    const user2 = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/pending-counts', headers: user2.headers })).statusCode).toBe(403);
  });

  it('GET /api/admin/events streams counts on connect and when a request arrives', async () => {
    const author = await t.createUser({ role: 'author' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const events: Array<{ counts: Record<string, number>; arrived: string[] }> = [];
    let buffer = '';
    const request = http.get({ host: '127.0.0.1', port, path: '/api/admin/events', headers: { authorization: author.headers.authorization } });
    const response = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffer += chunk;
      let index: number;
      while ((index = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.includes('event: counts') && data) events.push(JSON.parse(data.slice(6)));
      }
    });
    const waitFor = async (predicate: () => boolean) => {
      for (let i = 0; i < 100 && !predicate(); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(predicate()).toBe(true);
    };
    await waitFor(() => events.length >= 1);
    const initial = events[0]!.counts.kyc!;
    const user = await t.createUser();
    await insertPendingKyc(t.database.db, user.user.id);
    await waitFor(() => events.length >= 2);
    expect(events[1]!.counts.kyc).toBe(initial + 1);
    expect(events[1]!.arrived).toEqual(['kyc']);
    request.destroy();
  });

  it('GET /api/admin/events?once=1 answers the current counts and ends (for scripts and tests); staff only', async () => {
    const author = await t.createUser({ role: 'author' });
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/events?once=1', headers: author.headers });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('event: counts');
    // The stream writes its head by hand: the security headers and request id must still be there.
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
    const head = await t.app.inject({ method: 'HEAD', url: '/api/admin/events', headers: author.headers });
    expect(head.statusCode).toBe(200);
    const user = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/events', headers: user.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/events' })).statusCode).toBe(401);
  });
});
