import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema';
import { type TestUser, useTestApp, useUser } from '../helpers/build-test-app';
import { BTC, figures, fund } from './helpers';
import { dailyBalances, type BalanceSeries } from '@app/shared';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
const author = useUser(t, { role: 'author' });

const adjust = (staff: TestUser, path: string, id: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${path}/${id}`, headers: staff.headers, payload: payload as Record<string, unknown> });

describe('staff adjustments', () => {
  it('edits wallet, total profit and fees as labelled journals with a reason, audited', async () => {
    const user = await t.createUser();
    const a = await adjust(admin, 'editDepositBalance', user.user.id, { operation: 'add', amount: '100', reason: 'Goodwill credit' });
    expect(a.statusCode).toBe(200);
    expect(a.json().user).toMatchObject({ balance: '100.00' });
    const p = await adjust(author, 'updateDepositBalance', user.user.id, { operation: 'add', amount: 25.5, reason: 'Late maturity' });
    expect(p.json().user).toMatchObject({ balance: '125.50', totalMaturityAmount: '25.50' });
    const f = await adjust(admin, 'update-fees', user.user.id, { operation: 'add', amount: 5, reason: 'Card fee' });
    expect(f.json().user).toMatchObject({ balance: '120.50', fees: '5.00' });
    const r = await adjust(admin, 'update-fees', user.user.id, { operation: 'deduct', amount: 2, reason: 'Partial refund' });
    expect(r.json().user).toMatchObject({ balance: '122.50', fees: '3.00' });

    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, user.user.id)));
    expect(audits.map((row) => [row.action, row.reason])).toEqual([
      ['user.adjust_balance', 'Goodwill credit'],
      ['user.adjust_profit', 'Late maturity'],
      ['user.adjust_fees', 'Card fee'],
      ['user.adjust_fees', 'Partial refund'],
    ]);

    const history = await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?type=Adjustment', headers: user.headers });
    const items = history.json().history;
    expect(items.map((item: { description: string; amount: string }) => [item.description, item.amount])).toEqual([
      ['Adjustment by support: Partial refund', '2.00'],
      ['Adjustment by support: Card fee', '-5.00'],
      ['Adjustment by support: Late maturity', '25.50'],
      ['Adjustment by support: Goodwill credit', '100.00'],
    ]);
  });

  it('never deducts below zero and needs a reason', async () => {
    const user = await t.createUser();
    await adjust(admin, 'editDepositBalance', user.user.id, { operation: 'add', amount: 10, reason: 'x' });
    const tooMuch = await adjust(admin, 'editDepositBalance', user.user.id, { operation: 'deduct', amount: '10.01', reason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect((await adjust(admin, 'updateDepositBalance', user.user.id, { operation: 'deduct', amount: 1, reason: 'x' })).statusCode).toBe(400);
    expect((await adjust(admin, 'update-fees', user.user.id, { operation: 'deduct', amount: 1, reason: 'x' })).statusCode).toBe(400);
    const noReason = await adjust(admin, 'editDepositBalance', user.user.id, { operation: 'add', amount: 1 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('A reason is required');
    expect((await adjust(admin, 'editDepositBalance', user.user.id, { operation: 'double', amount: 1, reason: 'x' })).statusCode).toBe(400);
    for (const amount of [0, -1, '0.001', 'NaN', [1], 'abc']) {
      expect((await adjust(admin, 'editDepositBalance', user.user.id, { operation: 'add', amount, reason: 'x' })).statusCode).toBe(400);
    }
    expect(await figures(t, user)).toMatchObject({ balance: '10.00', totalMaturityAmount: '0.00', fees: '0.00' });
  });

  it('acts only on lower roles, never on oneself, staff only', async () => {
    const user = await t.createUser();
    const otherAdmin = await t.createUser({ role: 'admin' });
    expect((await adjust(user, 'editDepositBalance', user.user.id, { operation: 'add', amount: 1, reason: 'x' })).statusCode).toBe(403);
    expect((await adjust(author, 'editDepositBalance', author.user.id, { operation: 'add', amount: 1, reason: 'x' })).statusCode).toBe(403);
    expect((await adjust(author, 'editDepositBalance', otherAdmin.user.id, { operation: 'add', amount: 1, reason: 'x' })).statusCode).toBe(403);
    expect((await adjust(admin, 'editDepositBalance', 'nope', { operation: 'add', amount: 1, reason: 'x' })).statusCode).toBe(404);
  });

  it('toggles the fees card', async () => {
    const user = await t.createUser();
    const on = await t.app.inject({ method: 'PUT', url: `/api/users/fees-toggle/${user.user.id}`, headers: admin.headers, payload: { hasFees: true } });
    expect(on.json().user.hasFees).toBe(true);
    expect((await figures(t, user)).hasFees).toBe(true);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/fees-toggle/${user.user.id}`, headers: admin.headers, payload: { hasFees: 'yes' } })).statusCode).toBe(400);
    const summary = await t.app.inject({ method: 'GET', url: `/api/money/users/${user.user.id}`, headers: admin.headers });
    expect(summary.json()).toMatchObject({ hasFees: true, balance: '0.00' });
  });
});

describe('history and dashboard', () => {
  it('merges deposits, withdrawals and adjustments newest first with filters, cursor and CSV', async () => {
    const user = await t.createUser();
    await fund(t, user, admin, 100);
    t.clock.advance(1000);
    await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount: 5 } });
    t.clock.advance(1000);
    await t.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: user.headers, payload: { amount: 30, walletAddress: BTC } });
    t.clock.advance(1000);
    await adjust(admin, 'editDepositBalance', user.user.id, { operation: 'add', amount: 1, reason: '=HYPERLINK("x")' });

    const all = (await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory', headers: user.headers })).json();
    expect(all.history.map((item: { type: string; status: string }) => `${item.type}:${item.status}`)).toEqual([
      'Adjustment:Completed',
      'Withdrawal:Pending',
      'Transaction:Pending',
      'Transaction:Confirmed',
    ]);
    expect(all.nextCursor).toBeNull();

    const pending = (await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?status=Pending', headers: user.headers })).json();
    expect(pending.history).toHaveLength(2);
    const deposits = (await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?type=Transaction', headers: user.headers })).json();
    expect(deposits.history).toHaveLength(2);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/invest/getTransactionHistory?limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.app.inject({ method: 'GET', url, headers: user.headers })).json();
      seen.push(...page.history.map((item: { _id: string }) => item._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.history.map((item: { _id: string }) => item._id));

    const csv = await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?format=csv', headers: user.headers });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('"Date","Type","Reference","Description","Status","Amount (USD)"');
    expect(csv.body).toContain(`"'Adjustment by support: =HYPERLINK(""x"")"`.replace("'A", 'A'));
    expect((await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?cursor=garbage', headers: user.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?type=Bogus', headers: user.headers })).statusCode).toBe(400);

    const other = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory', headers: other.headers })).json().history).toEqual([]);
  });

  it('shows figures and a balance-over-time series', async () => {
    const user = await t.createUser();
    await fund(t, user, admin, 80);
    const data = await figures(t, user);
    expect(data).toMatchObject({ balance: '80.00', availableBalance: '80.00', investmentBalance: '0.00', totalMaturityAmount: '0.00', fees: '0.00', hasFees: false });
    const { series } = data as unknown as { series: BalanceSeries };
    expect(dailyBalances(series)).toHaveLength(30);
    expect(series.changes).toEqual([
      { date: series.from, balance: '0.00' },
      { date: series.to, balance: '80.00' },
    ]);
  });

  it('walks the series back through each day of the last 30, ignoring older movements', async () => {
    const user = await t.createUser();
    const today = new Date('2026-03-15T12:00:00Z');
    const daysAgo = (days: number) => new Date(today.getTime() - days * 86_400_000);
    try {
      for (const [days, amount] of [[40, 10], [10, 20], [3, 5]] as const) {
        t.clock.set(daysAgo(days));
        await fund(t, user, admin, amount);
      }
      t.clock.set(today);
      const { series } = (await figures(t, user)) as unknown as { series: BalanceSeries };
      // The first day (with what came before it) and each day the balance changed; nothing repeated.
      expect(series).toEqual({
        from: '2026-02-14',
        to: '2026-03-15',
        changes: [
          { date: '2026-02-14', balance: '10.00' },
          { date: '2026-03-05', balance: '30.00' },
          { date: '2026-03-12', balance: '35.00' },
        ],
      });
      const days = dailyBalances(series);
      expect(days).toHaveLength(30);
      const balanceOn = (date: string) => days.find((point) => point.date === date)?.balance;
      expect([balanceOn('2026-03-04'), balanceOn('2026-03-05'), balanceOn('2026-03-11'), balanceOn('2026-03-12')]).toEqual(['10.00', '30.00', '30.00', '35.00']);
      expect(days.at(-1)).toEqual({ date: '2026-03-15', balance: '35.00' });
    } finally {
      t.clock.reset();
    }
  });

  it('exposes ledger verify to staff only', async () => {
    const user = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/ledger/verify', headers: user.headers })).statusCode).toBe(403);
    const report = await t.app.inject({ method: 'GET', url: '/api/ledger/verify', headers: admin.headers });
    expect(report.json()).toMatchObject({ ok: true, problems: [] });
  });
});
