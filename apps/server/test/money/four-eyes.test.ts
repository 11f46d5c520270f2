/**
 * Four eyes (issue 18.8, PRODUCT §1.12): adjustments and withdrawal approvals above the
 * threshold are recorded by one staff member and carried out by a second; nobody approves
 * their own; both steps audited; the queue shows what waits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { PendingWithdrawalList } from '@app/shared';
import { auditLog } from '../../src/db/schema';
import { verifyLedger } from '../../src/ledger';
import { putSettings } from '../../src/services/platform/settings';
import { buildTestApp, type TestApp, type TestUser, needsPostgres } from '../helpers/build-test-app';
import { BTC, figures, fund } from './helpers';

let t: TestApp;
let maker: TestUser;
let checker: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  // Above $500 needs two people here.
  await putSettings(t.database.db, { fourEyesThresholdCents: 50_000 }, null);
  maker = await t.createUser({ role: 'admin' });
  checker = await t.createUser({ role: 'admin' });
});
afterAll(async () => t.close());

const adjust = (who: TestUser, userId: string, amount: string, operation: 'add' | 'deduct' = 'add') =>
  t.app.inject({ method: 'PUT', url: `/api/users/editDepositBalance/${userId}`, headers: who.headers, payload: { operation, amount, reason: 'Goodwill credit' } });
const queue = async (who: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/admin/approvals', headers: who.headers })).json().approvals as Array<{ _id: string; kind: string; amount: string; requestedBy: { _id: string }; withdrawalId: string | null }>;
const decide = (who: TestUser, id: string, action: 'approve' | 'reject', payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin/approvals/${id}/${action}`, headers: who.headers, payload });

describe('adjustments above the threshold', () => {
  it('below it: done at once; above it: recorded, carried out only by a second staff member', async () => {
    const user = await t.createUser();
    expect((await adjust(maker, user.user.id, '500.00')).statusCode).toBe(200);
    const recorded = await adjust(maker, user.user.id, '500.01');
    expect(recorded.statusCode).toBe(202);
    expect(recorded.json().message).toBe("Recorded: adding $500.01 waits for a second staff member's approval");
    expect((await figures(t, user)).balance).toBe('500.00');
    const [request] = (await queue(checker)).filter((item) => item.requestedBy._id === maker.user.id && item.amount === '500.01');
    expect(request).toMatchObject({ kind: 'balance' });

    const own = await decide(maker, request!._id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot approve your own request: another staff member must approve it');
    expect((await figures(t, user)).balance).toBe('500.00');

    const approved = await decide(checker, request!._id, 'approve', { note: 'Checked the ticket' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approval).toMatchObject({ status: 'Approved', decidedBy: { _id: checker.user.id }, decisionNote: 'Checked the ticket' });
    expect((await figures(t, user)).balance).toBe('1000.01');
    expect((await decide(checker, request!._id, 'approve')).statusCode).toBe(409);
    expect((await figures(t, user)).balance).toBe('1000.01');

    const audit = await t.database.db.select().from(auditLog).where(inArray(auditLog.action, ['approval.request', 'approval.approve', 'user.adjust_balance']));
    const mine = audit.filter((entry) => entry.targetId === user.user.id);
    expect(mine.map((entry) => entry.action).sort()).toEqual(['approval.approve', 'approval.request', 'user.adjust_balance', 'user.adjust_balance']);
    expect(mine.find((entry) => entry.action === 'approval.request')!.actorId).toBe(maker.user.id);
    expect(mine.find((entry) => entry.action === 'approval.approve')!.actorId).toBe(checker.user.id);
  });

  it('a rejected request changes nothing; a deduction beyond the balance is refused when asked', async () => {
    const user = await t.createUser();
    const recorded = await adjust(maker, user.user.id, '900');
    const [request] = (await queue(checker)).filter((item) => item.amount === '900.00' && item.requestedBy._id === maker.user.id);
    expect(recorded.statusCode).toBe(202);
    expect((await decide(checker, request!._id, 'reject', { note: 'No ticket' })).statusCode).toBe(200);
    expect((await figures(t, user)).balance).toBe('0.00');
    expect((await queue(checker)).some((item) => item._id === request!._id)).toBe(false);
    const tooMuch = await adjust(maker, user.user.id, '900', 'deduct');
    expect(tooMuch.statusCode).toBe(400);
  });
});

describe('withdrawal approvals above the threshold', () => {
  async function withdrawal(amount: string) {
    const user = await t.createUser();
    await fund(t, user, checker, amount);
    const created = await t.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: user.headers, payload: { amount, walletAddress: BTC } });
    expect(created.statusCode).toBe(201);
    return { user, id: created.json().withdrawal._id as string };
  }
  const approve = (who: TestUser, id: string) => t.app.inject({ method: 'PUT', url: `/api/withDraw/approve/${id}`, headers: who.headers, payload: {} });

  it('the first approval is recorded, the same person cannot give the second, another staff member pays out', async () => {
    const { user, id } = await withdrawal('800');
    const first = await approve(maker, id);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ withdrawal: { status: 'Pending', needsTwoApprovers: true, secondApproval: { requestedBy: { _id: maker.user.id } } } });
    const again = await approve(maker, id);
    expect(again.statusCode).toBe(403);
    expect((await queue(checker)).some((item) => item.withdrawalId === id)).toBe(true);
    // The withdrawals queue shows the case with its pending second approval.
    const pending = (await t.app.inject({ method: 'GET', url: '/api/withDraw/pending?limit=500', headers: checker.headers })).json() as PendingWithdrawalList;
    expect(pending.withdrawals.find((item) => item._id === id)?.secondApproval).toMatchObject({ status: 'Pending', requestedBy: { _id: maker.user.id }, user: { _id: user.user.id } });
    const second = await approve(checker, id);
    expect(second.statusCode).toBe(200);
    expect(second.json().withdrawal).toMatchObject({ status: 'Approved', secondApproval: null });
    expect((await figures(t, user)).balance).toBe('0.00');
    expect((await queue(checker)).some((item) => item.withdrawalId === id)).toBe(false);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });

  it('rejecting the withdrawal closes its request; below the threshold one approval pays out', async () => {
    const { id } = await withdrawal('700');
    expect((await approve(maker, id)).statusCode).toBe(202);
    const rejected = await t.app.inject({ method: 'PUT', url: `/api/withDraw/reject/${id}`, headers: checker.headers, payload: { notes: 'Address on a watch list' } });
    expect(rejected.statusCode).toBe(200);
    expect((await queue(checker)).some((item) => item.withdrawalId === id)).toBe(false);
    const small = await withdrawal('100');
    expect((await approve(maker, small.id)).statusCode).toBe(200);
  });

  it('the second approval also works from the approvals queue', async () => {
    const { id } = await withdrawal('650');
    expect((await approve(maker, id)).statusCode).toBe(202);
    const [request] = (await queue(checker)).filter((item) => item.withdrawalId === id);
    expect((await decide(checker, request!._id, 'approve')).statusCode).toBe(200);
    const view = await t.app.inject({ method: 'GET', url: `/api/withDraw/get-withdrawal/${id}`, headers: checker.headers });
    expect(view.json().status).toBe('Approved');
  });

  it('two checkers approving at once: one pays out, the other gets 409, money moves once', needsPostgres, async () => {
    const pg = await buildTestApp({ postgres: true });
    try {
      await putSettings(pg.database.db, { fourEyesThresholdCents: 50_000 }, null);
      const [a, b, c] = await Promise.all([pg.createUser({ role: 'admin' }), pg.createUser({ role: 'admin' }), pg.createUser({ role: 'admin' })]);
      const user = await pg.createUser();
      const recorded = await pg.app.inject({ method: 'PUT', url: `/api/users/editDepositBalance/${user.user.id}`, headers: a.headers, payload: { operation: 'add', amount: '750', reason: 'Goodwill credit' } });
      expect(recorded.statusCode).toBe(202);
      const requestId = recorded.json().pendingApproval._id as string;
      const answers = await Promise.all(
        [b, c].map((who) => pg.app.inject({ method: 'POST', url: `/api/admin/approvals/${requestId}/approve`, headers: who.headers, payload: {} })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const balance = (await pg.app.inject({ method: 'GET', url: '/api/money/dashboard', headers: user.headers })).json().balance;
      expect(balance).toBe('750.00');
      expect((await verifyLedger(pg.database.db)).ok).toBe(true);
      const entries = await pg.database.db.select().from(auditLog).where(eq(auditLog.action, 'approval.approve'));
      expect(entries).toHaveLength(1);
    } finally {
      await pg.close();
    }
  });
});
