import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, STAFF_HOME_AUDIT_ENTRIES, type StaffHome } from '@app/shared';
import { payments } from '../../../src/db/schema';
import { creditDeposit, holdForWithdrawal } from '../../../src/ledger';
import { recordAudit } from '../../../src/services/platform/audit';
import { overdueBefore } from '../../../src/services/platform/business-days';
import { isOverdue } from '../../../src/services/money/withdrawals';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { insertPendingKyc } from '../../helpers/kyc-calls';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
// A Wednesday, noon UTC.
const NOW = new Date('2026-03-11T12:00:00.000Z');

async function home(headers: { authorization: string }): Promise<StaffHome> {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers });
  expect(response.statusCode).toBe(200);
  return response.json() as StaffHome;
}

describe('GET /api/admin/home', () => {
  it('gives each queue its count, its oldest request and how many are past two business days', async () => {
    t.clock.set(NOW);
    const author = await t.createUser({ role: 'author' });
    const user = await t.createUser();
    const deposit = (createdAt: Date) =>
      t.database.db.insert(payments).values({ id: randomUUID(), transactionId: `DEP-${randomUUID().slice(0, 8)}`, userId: user.user.id, amountCents: 5_000, createdAt });
    // Friday 10:00: 74 business hours by Wednesday noon (overdue). Monday 13:00: 47 (not yet).
    await deposit(new Date('2026-03-06T10:00:00.000Z'));
    await deposit(new Date('2026-03-09T13:00:00.000Z'));
    await deposit(new Date(NOW.getTime() - HOUR));
    await insertPendingKyc(t.database.db, user.user.id, new Date(NOW.getTime() - 30 * 60_000));

    const answer = await home(author.headers);
    expect(answer.at).toBe(NOW.toISOString());
    expect(answer.overdueAfterBusinessDays).toBe(2);
    expect(answer.queues.map((queue) => queue.queue)).toEqual(['deposits', 'investments', 'withdrawals', 'kyc', 'approvals']);
    const byQueue = Object.fromEntries(answer.queues.map((queue) => [queue.queue, queue]));
    expect(byQueue.deposits).toEqual({ queue: 'deposits', count: 3, oldestAt: '2026-03-06T10:00:00.000Z', oldestAgeHours: 5 * 24 + 2, overdue: 1 });
    expect(byQueue.kyc).toEqual({ queue: 'kyc', count: 1, oldestAt: '2026-03-11T11:30:00.000Z', oldestAgeHours: 0, overdue: 0 });
    expect(byQueue.withdrawals).toEqual({ queue: 'withdrawals', count: 0, oldestAt: null, oldestAgeHours: null, overdue: 0 });

    // A day later the Monday deposit is overdue too.
    t.clock.set(new Date(NOW.getTime() + DAY_MS));
    expect((await home(author.headers)).queues[0]!.overdue).toBe(2);
    t.clock.reset();
  });

  it('sums up solvency as the full report does, and lists the latest audit entries, newest first', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const user = await t.createUser({ name: 'Grace Hopper' });
    await t.database.db.transaction(async (tx) => {
      await creditDeposit(tx, { userId: user.user.id, paymentId: randomUUID(), transactionId: 'DEP-HOME1', amountCents: 100_000, actorId: admin.user.id });
      await holdForWithdrawal(tx, { userId: user.user.id, withdrawalId: randomUUID(), amountCents: 20_000 });
    });
    const actor = { actorId: admin.user.id, impersonatorId: null, ip: '127.0.0.1' };
    for (let index = 1; index <= STAFF_HOME_AUDIT_ENTRIES + 1; index += 1) {
      await recordAudit(t.database.db, actor, { action: `test.step${index}`, targetType: 'user', targetId: user.user.id, reason: `step ${index}` });
    }

    const answer = await home(admin.headers);
    const report = (await t.app.inject({ method: 'GET', url: '/api/admin/solvency', headers: admin.headers })).json();
    expect(answer.solvency).toEqual({ owed: report.owed.total, netReceived: report.flows.net, surplus: report.surplus, activeInvestments: report.activeInvestments });
    expect(answer.recentAudit).toHaveLength(STAFF_HOME_AUDIT_ENTRIES);
    expect(answer.recentAudit[0]).toMatchObject({ action: `test.step${STAFF_HOME_AUDIT_ENTRIES + 1}`, actorName: admin.user.name, targetType: 'user', targetName: 'Grace Hopper', reason: `step ${STAFF_HOME_AUDIT_ENTRIES + 1}` });
    expect(answer.recentAudit.map((entry) => entry.action)).not.toContain('test.step1');
  });

  it('is for staff only', async () => {
    const subscriber = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: subscriber.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home' })).statusCode).toBe(401);
  });
});

describe('overdueBefore', () => {
  it('flags exactly what the withdrawal queue flags: waiting longer than two business days', () => {
    const base = Date.parse('2026-03-02T00:00:00.000Z');
    for (let step = 0; step < 400; step += 1) {
      // Every 7 hours across eight weeks, and each "now" against requests every 5 hours before it.
      const now = new Date(base + step * 7 * HOUR + 13 * 60_000);
      const deadline = overdueBefore(now);
      for (let back = 0; back < 24 * 8; back += 5) {
        const requested = new Date(now.getTime() - back * HOUR - 17 * 60_000);
        expect(requested < deadline, `${requested.toISOString()} at ${now.toISOString()}`).toBe(isOverdue(requested, now, 'Pending'));
      }
    }
  });
});
