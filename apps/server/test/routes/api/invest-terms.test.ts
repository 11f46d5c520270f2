import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { INVEST_MESSAGES, type InvestmentView } from '@app/shared';
import { emailOutbox, ledgerHolds } from '../../../src/db/schema';
import { verifyLedger } from '../../../src/ledger';
import { proratedProfitCents, termProfitCents } from '../../../src/services/invest/investments';
import { type TestUser, useTestApp, useUser } from '../../helpers/build-test-app';
import { DAY, HOUR, investHelpers } from '../../helpers/invest-calls';

const t = useTestApp();
const staff = useUser(t, { role: 'admin' });

type Investment = InvestmentView;

const { investor, balances, invest, startActive } = investHelpers(t, staff);

const maturity = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/invest/deposit-maturity', headers: user.headers });
const detail = async (user: TestUser, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/invest/${id}`, headers: user.headers })).json<Investment>();

describe('maturity', () => {
  it('pays principal + profit once the end date passes, exactly once', async () => {
    const user = await investor(50_000);
    const active = await startActive(user, 150);
    expect((await maturity(user)).json()).toMatchObject({ matured: 0 });
    t.clock.advance(DAY - 60_000);
    expect((await maturity(user)).json()).toMatchObject({ matured: 0 });
    t.clock.advance(60_000);
    const [a, b] = await Promise.all([maturity(user), maturity(user)]);
    expect(a.json().matured + b.json().matured).toBe(1);
    expect((await maturity(user)).json().matured).toBe(0);
    const ended = await detail(user, active._id);
    expect(ended).toMatchObject({ status: 'Ended', endReason: 'matured', maturityAmount: '12.00', expectedPayout: '162.00' });
    expect(await balances(user)).toMatchObject({ balanceCents: 51_200, availableCents: 51_200, investedCents: 0, totalProfitCents: 1_200 });
    const emails = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, user.user.email), eq(emailOutbox.kind, 'investment-matured')));
    expect(emails).toHaveLength(1);
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('rounds profit half-even to the cent', async () => {
    expect(termProfitCents(20_005, 1_000)).toBe(2_000); // 2000.5 -> 2000
    expect(termProfitCents(20_015, 1_000)).toBe(2_002); // 2001.5 -> 2002
    expect(termProfitCents(10_001, 800)).toBe(800); // 800.08 -> 800
    const user = await investor(50_000);
    const active = await startActive(user, '200.15', 'Standard');
    expect(active.maturityAmount).toBe('20.02');
    t.clock.advance(DAY);
    await maturity(user);
    expect((await detail(user, active._id)).maturityAmount).toBe('20.02');
    expect((await balances(user)).totalProfitCents).toBe(2_002);
  });

  it('matures an investment whose profit rounds to zero (principal only, still exactly once)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invest/plans',
      headers: staff.headers,
      payload: { name: 'Tiny', roiPercent: '0.01', minAmount: 50, maxAmount: 100, durationSeconds: 30 },
    });
    const user = await investor(10_000);
    const request = await invest(user, { amount: 50, planId: created.json<{ _id: string }>()._id });
    const id = request.json<{ investment: Investment }>().investment._id;
    await t.app.inject({ method: 'PUT', url: `/api/invest/${id}/approve`, headers: staff.headers });
    t.clock.advance(30_000);
    expect((await maturity(user)).json().matured).toBe(1);
    expect(await detail(user, id)).toMatchObject({ status: 'Ended', maturityAmount: '0.00', expectedPayout: '50.00' }); // 0.5 cent -> 0 (half-even)
    expect(await balances(user)).toMatchObject({ balanceCents: 10_000, availableCents: 10_000, investedCents: 0, totalProfitCents: 0 });
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('the scheduled job matures everyone due; a retired plan keeps its running investments', async () => {
    const { matureDue } = await import('../../../src/services/invest/maturity');
    const users = [await investor(), await investor()];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invest/plans',
      headers: staff.headers,
      payload: { name: 'Minute', roiPercent: '0.5', minAmount: 50, maxAmount: 500, durationSeconds: 60 },
    });
    const minute = created.json<{ _id: string }>();
    const ids = [];
    for (const user of users) {
      const response = await invest(user, { amount: '123.45', planId: minute._id });
      ids.push(response.json<{ investment: Investment }>().investment._id);
      await t.app.inject({ method: 'PUT', url: `/api/invest/${ids.at(-1)}/approve`, headers: staff.headers });
    }
    await t.app.inject({ method: 'PATCH', url: `/api/invest/plans/${minute._id}`, headers: staff.headers, payload: { retired: true } });
    t.clock.advance(61_000);
    expect(await matureDue(t.app.deps)).toBeGreaterThanOrEqual(2);
    for (const [index, user] of users.entries()) {
      const row = await detail(user, ids[index]!);
      expect(row).toMatchObject({ status: 'Ended', maturityAmount: '0.62' }); // 61.725 cents -> 62
    }
    expect(await matureDue(t.app.deps)).toBe(0);
  });
});

describe('plan upgrade', () => {
  it('ends the old investment with pro-rated profit and starts principal + profit + top-up on the new plan', async () => {
    const user = await investor(50_000);
    const active = await startActive(user, 150, 'Basic');
    t.clock.advance(6 * HOUR);
    const request = await t.app.inject({
      method: 'POST',
      url: `/api/invest/${active._id}/upgrade`,
      headers: user.headers,
      payload: { planName: 'Standard', topUp: 50 },
    });
    expect(request.statusCode).toBe(201);
    const upgrade = request.json<{ investment: Investment }>().investment;
    expect(upgrade).toMatchObject({ status: 'Pending', kind: 'upgrade', upgradeFrom: active._id, amount: '200.00' });
    // Top-up held; the old investment keeps running.
    expect(await balances(user)).toMatchObject({ balanceCents: 35_000, availableCents: 30_000, investedCents: 15_000 });
    const duplicate = await t.app.inject({ method: 'POST', url: `/api/invest/${active._id}/upgrade`, headers: user.headers, payload: { planName: 'Premium', topUp: 150 } });
    expect(duplicate.statusCode).toBe(409);

    t.clock.advance(6 * HOUR); // half the term has passed at approval
    const approved = await t.app.inject({ method: 'PUT', url: `/api/invest/${upgrade._id}/approve`, headers: staff.headers });
    expect(approved.statusCode).toBe(200);
    // 150 x 8% x 1/2 = 6.00 profit; 150 + 6 + 50 = 206.00 on Standard.
    const old = await detail(user, active._id);
    expect(old).toMatchObject({ status: 'Ended', endReason: 'upgraded', maturityAmount: '6.00', upgradedTo: upgrade._id });
    const next = await detail(user, upgrade._id);
    expect(next).toMatchObject({ status: 'Active', amount: '206.00', maturityAmount: '20.60', expectedPayout: '226.60' });
    expect(await balances(user)).toMatchObject({ balanceCents: 30_000, availableCents: 30_000, investedCents: 20_600, totalProfitCents: 600 });

    // The old one never matures again; the new one matures on its own term.
    t.clock.advance(DAY);
    expect((await maturity(user)).json().matured).toBe(1);
    expect(await balances(user)).toMatchObject({ balanceCents: 52_660, availableCents: 52_660, investedCents: 0, totalProfitCents: 2_660 });
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });

  it('pro-rates with integer arithmetic, rounding half-even', () => {
    expect(proratedProfitCents(15_000, 800, DAY / 2, DAY)).toBe(600);
    expect(proratedProfitCents(15_000, 800, DAY * 2, DAY)).toBe(1_200);
    expect(proratedProfitCents(15_000, 800, -5, DAY)).toBe(0);
    expect(proratedProfitCents(10_000, 800, DAY / 3, DAY)).toBe(267); // 266.67
    expect(proratedProfitCents(12_500, 800, DAY / 4, DAY)).toBe(250);
  });

  it('rejection releases the top-up and leaves the old investment running', async () => {
    const user = await investor(50_000);
    const active = await startActive(user, 150, 'Basic');
    const request = await t.app.inject({ method: 'POST', url: `/api/invest/${active._id}/upgrade`, headers: user.headers, payload: { planName: 'Standard', topUp: '60.00' } });
    expect(request.statusCode).toBe(201);
    expect((await balances(user)).availableCents).toBe(29_000);
    const id = request.json<{ investment: Investment }>().investment._id;
    expect((await t.app.inject({ method: 'PUT', url: `/api/invest/${id}/reject`, headers: staff.headers })).statusCode).toBe(200);
    expect(await balances(user)).toMatchObject({ balanceCents: 35_000, availableCents: 35_000, investedCents: 15_000 });
    expect((await detail(user, active._id)).status).toBe('Active');
  });

  it('refuses lower plans, ranges that do not fit, and investments that are not active', async () => {
    const user = await investor(100_000);
    const active = await startActive(user, 300, 'Premium');
    const up = (payload: Record<string, unknown>, id = active._id) =>
      t.app.inject({ method: 'POST', url: `/api/invest/${id}/upgrade`, headers: user.headers, payload });
    expect((await up({ planName: 'Basic', topUp: 0 })).statusCode).toBe(400);
    expect((await up({ planName: 'Premium', topUp: 10 })).statusCode).toBe(400);
    expect((await up({ planName: 'Elite', topUp: 50 })).statusCode).toBe(400); // 350 < 400
    expect((await up({ planName: 'Elite', topUp: 200 })).statusCode).toBe(400); // 500 > 490
    expect((await up({ planName: 'Elite', topUp: -5 })).statusCode).toBe(400);
    expect((await up({ topUp: 100 })).json().message).toBe(INVEST_MESSAGES.selectPlan);
    const pending = (await invest(user, { amount: 150, planName: 'Basic' })).json<{ investment: Investment }>().investment;
    expect((await up({ planName: 'Standard', topUp: 50 }, pending._id)).statusCode).toBe(409);
    const other = await investor();
    expect((await t.app.inject({ method: 'POST', url: `/api/invest/${active._id}/upgrade`, headers: other.headers, payload: { planName: 'Elite', topUp: 100 } })).statusCode).toBe(404);
    expect((await up({ planName: 'Elite', topUp: 100 })).statusCode).toBe(201);
  });

  it('a pending upgrade is cancelled, and its top-up released, when the old investment matures first', async () => {
    const user = await investor(50_000);
    const active = await startActive(user, 150, 'Basic');
    const request = await t.app.inject({ method: 'POST', url: `/api/invest/${active._id}/upgrade`, headers: user.headers, payload: { planName: 'Standard', topUp: 50 } });
    const upgradeId = request.json<{ investment: Investment }>().investment._id;
    t.clock.advance(DAY);
    expect((await maturity(user)).json().matured).toBe(1);
    expect((await detail(user, upgradeId)).status).toBe('Rejected');
    expect(await balances(user)).toMatchObject({ balanceCents: 51_200, availableCents: 51_200, investedCents: 0 });
    expect((await t.app.inject({ method: 'PUT', url: `/api/invest/${upgradeId}/approve`, headers: staff.headers })).statusCode).toBe(409);
    const open = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerHolds)
      .where(and(eq(ledgerHolds.status, 'held'), eq(ledgerHolds.reference, upgradeId)));
    expect(open[0]!.count).toBe(0);
  });
});
