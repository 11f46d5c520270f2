import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '@app/shared';
import { emailOutbox, withdrawals } from '../../src/db/schema';
import { putSettings } from '../../src/services/platform/settings';
import { isOverdue } from '../../src/services/money/withdrawals';
import { businessMsBetween } from '../../src/services/platform/business-days';
import { verifyLedger } from '../../src/ledger';
import { type TestUser, useTestApp, useUser } from '../helpers/build-test-app';
import { BTC, ETH, figures, fund } from './helpers';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });

const create = (user: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: { ...user.headers, ...headers }, payload });

describe('withdrawals', () => {
  it('getUser reads every figure with the session and matches the dashboard after each movement', async () => {
    const user = await t.createUser();
    const view = async () => (await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: user.headers })).json();
    expect(await view()).toMatchObject({ balance: '0.00', availableBalance: '0.00', investmentBalance: '0.00', fees: '0.00' });
    await fund(t, user, admin, 750);
    expect(await view()).toMatchObject({ balance: '750.00', availableBalance: '750.00' });
    expect((await create(user, { amount: 300, walletAddress: BTC })).statusCode).toBe(201);
    const after = await view();
    expect(after).toMatchObject({ balance: '750.00', availableBalance: '450.00' });
    const dashboard = await figures(t, user);
    for (const key of ['balance', 'availableBalance', 'investmentBalance', 'totalMaturityAmount', 'fees'] as const) {
      expect(after[key]).toBe(dashboard[key]);
    }
  });

  it('holds at request, approves once with the fee as a ledger entry', async () => {
    await putSettings(t.database.db, { withdrawalFee: { flatCents: 100, basisPoints: 100 } }, null);
    const user = await t.createUser();
    await fund(t, user, admin, 500);
    const fees = await t.app.inject({ method: 'GET', url: '/api/withDraw/fees', headers: user.headers });
    expect(fees.json()).toMatchObject({ flatCents: 100, basisPoints: 100, flat: '1.00', percent: '1.00' });

    const response = await create(user, { amount: 200, walletAddress: BTC });
    expect(response.statusCode).toBe(201);
    const { withdrawal } = response.json();
    expect(withdrawal).toMatchObject({ amount: '200.00', fee: '3.00', netAmount: '197.00', asset: 'BTC', status: 'Pending', overdue: false });
    expect(await figures(t, user)).toMatchObject({ balance: '500.00', availableBalance: '300.00' });

    const approve = () => t.app.inject({ method: 'PUT', url: `/api/withDraw/approve/${withdrawal._id}`, headers: admin.headers });
    const first = await approve();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Withdrawal approved!');
    expect((await approve()).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PUT', url: `/api/withDraw/reject/${withdrawal._id}`, headers: admin.headers, payload: {} })).statusCode).toBe(409);
    expect(await figures(t, user)).toMatchObject({ balance: '300.00', availableBalance: '300.00', fees: '3.00' });
    const emails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.user.email));
    expect(emails.filter((e) => e.kind === 'withdrawal-decided')).toHaveLength(1);
    await putSettings(t.database.db, { withdrawalFee: { flatCents: 0, basisPoints: 0 } }, null);
  });

  it('releases the hold on rejection', async () => {
    const user = await t.createUser();
    await fund(t, user, admin, 100);
    const { withdrawal } = (await create(user, { amount: 60, walletAddress: ETH, asset: 'ETH' })).json();
    expect((await figures(t, user)).availableBalance).toBe('40.00');
    const rejected = await t.app.inject({ method: 'PUT', url: `/api/withDraw/reject/${withdrawal._id}`, headers: admin.headers, payload: { notes: 'address looks wrong' } });
    expect(rejected.json()).toMatchObject({ message: 'Withdrawal rejected!', withdrawal: { status: 'Rejected', notes: 'address looks wrong' } });
    expect(await figures(t, user)).toMatchObject({ balance: '100.00', availableBalance: '100.00' });
  });

  it('refuses more than the available balance, bad amounts and bad addresses, changing nothing', async () => {
    const user = await t.createUser();
    await fund(t, user, admin, 100);
    const over = await create(user, { amount: '100.01', walletAddress: BTC });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Insufficient available balance');
    for (const amount of [0, -1, '1.001', 'abc', [1], null, Number.MAX_VALUE, '1e309']) {
      expect((await create(user, { amount, walletAddress: BTC })).statusCode).toBe(400);
    }
    for (const [walletAddress, asset] of [
      ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', undefined],
      [BTC, 'ETH'],
      ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'USDT'],
      ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', 'BTC'],
      ['', undefined],
    ] as const) {
      const response = await create(user, { amount: 10, walletAddress, ...(asset ? { asset } : {}) });
      expect(response.statusCode).toBe(400);
    }
    expect(await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, user.user.id))).toHaveLength(0);
    expect(await figures(t, user)).toMatchObject({ balance: '100.00', availableBalance: '100.00' });
    // USDT goes to an ERC-20 address, lower case accepted.
    expect((await create(user, { amount: 10, walletAddress: ETH.toLowerCase(), asset: 'USDT' })).statusCode).toBe(201);
  });

  it('needs a verified email before withdrawals', async () => {
    const user = await t.createUser({ isVerified: false });
    const response = await create(user, { amount: 10, walletAddress: BTC });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/verify your email/);
  });

  it('keeps each user to their own withdrawals; staff queue shows age', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    await fund(t, owner, admin, 50);
    const { withdrawal } = (await create(owner, { amount: 10, walletAddress: BTC })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/withDraw/get-withdrawal/${withdrawal._id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/withDraw/get-withdrawal/${withdrawal._id}`, headers: owner.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/withDraw/approve/${withdrawal._id}`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/withDraw/pending', headers: owner.headers })).statusCode).toBe(403);
    t.clock.advance(5 * 86_400_000);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/withDraw/pending', headers: admin.headers })).json().withdrawals;
    const mine = queue.find((w: { _id: string }) => w._id === withdrawal._id);
    expect(mine.ageHours).toBeGreaterThanOrEqual(120);
    expect(mine.overdue).toBe(true);
    t.clock.advance(-5 * 86_400_000);
  });

  it('counts business days for the overdue flag', () => {
    const friday = new Date('2026-11-20T10:00:00Z');
    expect(businessMsBetween(friday, new Date('2026-11-23T10:00:00Z'))).toBe(86_400_000);
    expect(isOverdue(friday, new Date('2026-11-24T10:00:00Z'), 'Pending')).toBe(false);
    expect(isOverdue(friday, new Date('2026-11-24T10:00:01Z'), 'Pending')).toBe(true);
    expect(isOverdue(friday, new Date('2026-12-24T10:00:01Z'), 'Approved')).toBe(false);
  });

  it('counts business time in constant time exactly as a day-by-day walk does', () => {
    // The walk the queue used before: one step per UTC day, weekdays counted.
    const walked = (from: Date, to: Date) => {
      let total = 0;
      for (let cursor = from.getTime(); cursor < to.getTime(); ) {
        const dayStart = Math.floor(cursor / DAY_MS) * DAY_MS;
        const next = Math.min(dayStart + DAY_MS, to.getTime());
        const weekday = new Date(dayStart).getUTCDay();
        if (weekday !== 0 && weekday !== 6) total += next - cursor;
        cursor = next;
      }
      return total;
    };
    // Before and after the epoch, on and across weekends, a millisecond apart to years apart.
    const instant = fc.integer({ min: -400 * DAY_MS, max: 40_000 * DAY_MS }).map((ms) => new Date(ms));
    const span = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -20 * DAY_MS, max: 20 * DAY_MS }), fc.integer({ min: 0, max: 800 * DAY_MS }));
    fc.assert(
      fc.property(instant, span, (from, ms) => {
        const to = new Date(from.getTime() + ms);
        expect(businessMsBetween(from, to)).toBe(walked(from, to));
      }),
      { numRuns: 500 },
    );
  });

  it('saves at most two wallet addresses', async () => {
    const user = await t.createUser();
    const save = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/withDraw/wallets', headers: user.headers, payload });
    expect((await save({ asset: 'BTC', address: 'not-an-address' })).statusCode).toBe(400);
    const first = await save({ asset: 'BTC', address: BTC, label: 'Ledger' });
    expect(first.statusCode).toBe(201);
    expect((await save({ asset: 'BTC', address: BTC })).statusCode).toBe(409);
    expect((await save({ asset: 'ETH', address: ETH })).statusCode).toBe(201);
    const third = await save({ asset: 'USDT', address: ETH });
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/up to 2/);
    const other = await t.createUser();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/withDraw/wallets/${first.json()._id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/withDraw/wallets/${first.json()._id}`, headers: user.headers })).statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/withDraw/wallets', headers: user.headers });
    expect(list.json().wallets).toHaveLength(1);
    expect((await save({ asset: 'USDT', address: ETH })).statusCode).toBe(201);
  });

  it('replays a withdrawal with the same Idempotency-Key instead of holding twice', async () => {
    const user = await t.createUser();
    await fund(t, user, admin, 100);
    const a = await create(user, { amount: 30, walletAddress: BTC }, { 'idempotency-key': 'w-1' });
    const b = await create(user, { amount: 30, walletAddress: BTC }, { 'idempotency-key': 'w-1' });
    expect(b.json()).toEqual(a.json());
    expect((await create(user, { amount: 31, walletAddress: BTC }, { 'idempotency-key': 'w-1' })).statusCode).toBe(422);
    expect((await figures(t, user)).availableBalance).toBe('70.00');
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });
});
