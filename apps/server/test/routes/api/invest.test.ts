import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { INVEST_MESSAGES, type InvestmentView } from '@app/shared';
import { auditLog, emailOutbox, investments } from '../../../src/db/schema';
import { useTestApp, useUser } from '../../helpers/build-test-app';
import { DAY, investHelpers } from '../../helpers/invest-calls';

const t = useTestApp();
const staff = useUser(t, { role: 'admin' });

type Investment = InvestmentView;

const { fund, investor, balances, invest, startActive } = investHelpers(t, staff);

describe('POST /api/invest/start-invest', () => {
  it('needs a session, a verified email and approved KYC', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/invest/start-invest', payload: { amount: 100, planName: 'Basic' } })).statusCode).toBe(401);
    const unverified = await t.createUser({ isVerified: false });
    await fund(unverified, 50_000);
    const a = await invest(unverified, { amount: 100, planName: 'Basic' });
    expect(a.statusCode).toBe(403);
    expect(a.json().message).toMatch(/verify your email/);
    const pendingKyc = await t.createUser({ kycStatus: 'Pending' });
    await fund(pendingKyc, 50_000);
    const b = await invest(pendingKyc, { amount: 100, planName: 'Basic' });
    expect(b.statusCode).toBe(403);
    expect(b.json().message).toMatch(/KYC/);
    expect((await balances(pendingKyc)).availableCents).toBe(50_000);
  });

  it('refuses a missing plan, missing or bad amounts with 400 and changes nothing', async () => {
    const user = await investor();
    const noPlan = await invest(user, { amount: 150 });
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.json().message).toBe(INVEST_MESSAGES.selectPlan);
    const noAmount = await invest(user, { planName: 'Basic' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().message).toBe(INVEST_MESSAGES.amountRequired);
    for (const amount of [-150, 0, 'abc', 150.001, '1e3', Number.NaN, true, { value: 150 }, '150.5.0', 'Infinity']) {
      const response = await invest(user, { amount, planName: 'Basic' });
      expect(response.statusCode, `amount ${String(amount)}`).toBe(400);
    }
    expect((await invest(user, { amount: 150, planName: 'Nope' })).statusCode).toBe(404);
    expect(await balances(user)).toMatchObject({ availableCents: 100_000, balanceCents: 100_000 });
    const rows = await t.database.db.select().from(investments).where(eq(investments.userId, user.user.id));
    expect(rows).toHaveLength(0);
  });

  it("enforces the plan's min and max at the boundaries", async () => {
    const user = await investor(200_000);
    expect((await invest(user, { amount: '99.99', planName: 'Basic' })).statusCode).toBe(400);
    const below = await invest(user, { amount: '99.99', planName: 'basic' });
    expect(below.json().message).toBe('The Basic plan accepts $100.00 to $190.00');
    expect((await invest(user, { amount: 100, planName: 'Basic' })).statusCode).toBe(201);
    expect((await invest(user, { amount: '190.00', planName: 'Basic' })).statusCode).toBe(201);
    expect((await invest(user, { amount: '190.01', planName: 'Basic' })).statusCode).toBe(400);
    expect((await invest(user, { amount: 1000, planName: 'Executive' })).statusCode).toBe(201);
    expect((await invest(user, { amount: '1000.01', planName: 'Executive' })).statusCode).toBe(400);
  });

  it("the minimum investment is the lowest minimum of the open plans: a $10 plan takes $10, and it is what visitors are told", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invest/plans',
      headers: staff.headers,
      payload: { name: 'Micro', roiPercent: 1, minAmount: 10, maxAmount: 100, durationSeconds: 60 },
    });
    const micro = created.json<{ _id: string }>();
    const user = await investor();
    const low = await invest(user, { amount: '9.99', planId: micro._id });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe('The Micro plan accepts $10.00 to $100.00');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().minInvestment).toBe('10.00');
    expect((await invest(user, { amount: 10, planId: micro._id })).statusCode).toBe(201);
    // Retired: no new investments.
    await t.app.inject({ method: 'PATCH', url: `/api/invest/plans/${micro._id}`, headers: staff.headers, payload: { retired: true } });
    const retired = await invest(user, { amount: 60, planId: micro._id });
    expect(retired.statusCode).toBe(400);
    expect(retired.json().message).toBe(INVEST_MESSAGES.planRetired);
    // Retired, it no longer sets the minimum: the seeded plans start at $100.
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().minInvestment).toBe('100.00');
  });

  it('holds the amount: available drops, balance does not; the available balance bounds requests', async () => {
    const user = await investor(30_000);
    const first = await invest(user, { amount: '190', planName: 'Basic' });
    expect(first.statusCode).toBe(201);
    expect(first.json().investment).toMatchObject({ status: 'Pending', amount: '190.00', plan: 'Basic', maturityAmount: '15.20', expectedPayout: '205.20' });
    expect(await balances(user)).toMatchObject({ balanceCents: 30_000, availableCents: 11_000, investedCents: 0 });
    const second = await invest(user, { amount: '110.01', planName: 'Basic' });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('Insufficient available balance');
    expect((await invest(user, { amount: 110, planName: 'Basic' })).statusCode).toBe(201);
    expect(await balances(user)).toMatchObject({ balanceCents: 30_000, availableCents: 0 });
  });

  it('honours Idempotency-Key: the same request replays, another body gets 422', async () => {
    const user = await investor(50_000);
    const headers = { 'idempotency-key': 'invest-once-1' };
    const first = await invest(user, { amount: 150, planName: 'Basic' }, headers);
    const again = await invest(user, { amount: 150, planName: 'Basic' }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().investment._id).toBe(first.json().investment._id);
    expect((await invest(user, { amount: 160, planName: 'Basic' }, headers)).statusCode).toBe(422);
    expect((await balances(user)).availableCents).toBe(35_000);
  });
});

describe('history and detail', () => {
  it("lists the caller's investments and shows only their own", async () => {
    const user = await investor();
    const other = await investor();
    const created = (await invest(user, { amount: 150, planName: 'Basic' })).json<{ investment: Investment }>().investment;
    const history = await t.app.inject({ method: 'GET', url: '/api/invest/investment-history', headers: user.headers });
    expect(history.statusCode).toBe(200);
    expect(history.json<Investment[]>().map((row) => row._id)).toEqual([created._id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/invest/${created._id}`, headers: user.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/invest/${created.investmentId}`, headers: user.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/invest/${created._id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/invest/investment-history', headers: other.headers })).json()).toEqual([]);
  });

  it('appears in the merged transaction history as type Investment', async () => {
    const user = await investor();
    const active = await startActive(user, 150);
    const pending = (await invest(user, { amount: 160, planName: 'Basic' })).json<{ investment: Investment }>().investment;
    const response = await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?type=Investment', headers: user.headers });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ history: Array<Record<string, unknown>> }>().history;
    expect(items.map((item) => item._id).sort()).toEqual([active._id, pending._id].sort());
    expect(items.find((item) => item._id === active._id)).toMatchObject({ type: 'Investment', status: 'Active', plan: 'Basic', amount: '150.00', timestamp: active.startDate });
    const all = await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?limit=2', headers: user.headers });
    expect(all.json<{ history: unknown[] }>().history).toHaveLength(2);
  });
});

describe('staff decisions', () => {
  it('only staff see the queue and decide', async () => {
    const user = await investor();
    const created = (await invest(user, { amount: 150, planName: 'Basic' })).json<{ investment: Investment }>().investment;
    expect((await t.app.inject({ method: 'GET', url: '/api/invest/adminPendingInvestment', headers: user.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/invest/${created._id}/approve`, headers: user.headers })).statusCode).toBe(403);
    const queue = await t.app.inject({ method: 'GET', url: '/api/invest/adminPendingInvestment', headers: staff.headers });
    const item = queue.json<{ pendingInvestments: Investment[] }>().pendingInvestments.find((row) => row._id === created._id);
    expect(item?.user).toMatchObject({ name: user.user.name, email: user.user.email, balance: '1000.00' });
  });

  it('approval settles the hold and starts the term; a second decision gets 409', async () => {
    const user = await investor(50_000);
    const created = (await invest(user, { amount: 150, planName: 'Basic' })).json<{ investment: Investment }>().investment;
    const before = t.clock.now().getTime();
    const approve = () => t.app.inject({ method: 'PUT', url: `/api/invest/${created._id}/approve`, headers: staff.headers });
    const [first, second] = await Promise.all([approve(), approve()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const approved = (first.statusCode === 200 ? first : second).json<{ message: string; investment: Investment }>();
    expect(approved.message).toBe(INVEST_MESSAGES.approved);
    const start = new Date(approved.investment.startDate!).getTime();
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(approved.investment.endDate!).getTime() - start).toBe(DAY);
    expect(await balances(user)).toMatchObject({ balanceCents: 35_000, availableCents: 35_000, investedCents: 15_000 });
    const reject = await t.app.inject({ method: 'PUT', url: `/api/invest/${created._id}/reject`, headers: staff.headers });
    expect(reject.statusCode).toBe(409);
    expect(await balances(user)).toMatchObject({ balanceCents: 35_000, investedCents: 15_000 });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, created._id), eq(auditLog.action, 'investment.approve')));
    expect(audit).toHaveLength(1);
    const emails = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, user.user.email), eq(emailOutbox.kind, 'investment-approved')));
    expect(emails).toHaveLength(1);
  });

  it('rejection releases the hold once', async () => {
    const user = await investor(50_000);
    const created = (await invest(user, { amount: 150, planName: 'Basic' })).json<{ investment: Investment }>().investment;
    const reject = await t.app.inject({ method: 'PUT', url: `/api/invest/${created._id}/reject`, headers: staff.headers, payload: { notes: 'Unclear source' } });
    expect(reject.statusCode).toBe(200);
    expect(reject.json().message).toBe(INVEST_MESSAGES.rejected);
    expect(reject.json().investment.status).toBe('Rejected');
    expect(await balances(user)).toMatchObject({ balanceCents: 50_000, availableCents: 50_000, investedCents: 0 });
    expect((await t.app.inject({ method: 'PUT', url: `/api/invest/${created._id}/reject`, headers: staff.headers })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PUT', url: `/api/invest/${created._id}/approve`, headers: staff.headers })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PUT', url: '/api/invest/nope/approve', headers: staff.headers })).statusCode).toBe(404);
  });
});
