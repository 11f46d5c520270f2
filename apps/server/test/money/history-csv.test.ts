import { describe, expect, it } from 'vitest';
import { HISTORY_TYPE_LABELS, historyShownAmount, type HistoryItem, type HistoryPage } from '@app/shared';
import { creditReferralBonus } from '../../src/ledger';
import { type TestUser, useTestApp, useUser } from '../helpers/build-test-app';
import { DAY } from '../helpers/invest-calls';
import { BTC, fund } from './helpers';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });

/** The CSV's rows, each cell unquoted (none of these tests' cells holds a quote or a comma). */
async function csvRows(user: TestUser): Promise<string[][]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?format=csv', headers: user.headers });
  expect(response.statusCode).toBe(200);
  const [header, ...lines] = response.body.trimEnd().split('\r\n');
  expect(header).toBe('"Date","Type","Reference","Description","Status","Amount (USD)"');
  return lines.map((line) => line.slice(1, -1).split('","'));
}

async function pageItems(user: TestUser): Promise<HistoryItem[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?limit=100', headers: user.headers });
  return response.json<HistoryPage>().history;
}

/**
 * The user's CSV as [type, status, amount] rows, after checking that each row says what the
 * history page says of the same item: its date, type name, description, status and signed amount.
 */
async function csvMatchingPage(user: TestUser): Promise<string[][]> {
  const [rows, items] = await Promise.all([csvRows(user), pageItems(user)]);
  expect(rows.map(([at, type, , description, status, amount]) => [at, type, description, status, amount])).toEqual(
    items.map((item) => [item.timestamp, HISTORY_TYPE_LABELS[item.type], item.description, item.status, historyShownAmount(item.type, item.amount)]),
  );
  return rows.map(([, type, , , status, amount]) => [type!, status!, amount!]);
}

const deposit = async (user: TestUser, amount: number) => {
  const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount } });
  expect(created.statusCode).toBe(201);
  return created.json<{ transaction: { transactionId: string } }>().transaction.transactionId;
};
const withdraw = async (user: TestUser, amount: number) => {
  const created = await t.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: user.headers, payload: { amount, walletAddress: BTC } });
  expect(created.statusCode).toBe(201);
  return created.json<{ withdrawal: { _id: string } }>().withdrawal._id;
};
const invest = async (user: TestUser, amount: number) => {
  const created = await t.app.inject({ method: 'POST', url: '/api/invest/start-invest', headers: user.headers, payload: { amount, planName: 'Basic' } });
  expect(created.statusCode).toBe(201);
  return created.json<{ investment: { _id: string } }>().investment._id;
};
const staff = (method: 'PUT' | 'PATCH', url: string, payload: Record<string, unknown> = {}) => t.app.inject({ method, url, headers: admin.headers, payload });
const adjust = (user: TestUser, path: string, operation: 'add' | 'deduct', amount: number) =>
  staff('PUT', `/api/users/${path}/${user.user.id}`, { operation, amount, reason: 'test' });

/** Issue 40.4: the CSV carries the history page's amounts, statuses and types, for every kind of entry. */
describe('history CSV export, kind by kind, against the history page', () => {
  it('shows a pending deposit with its amount, not 0.00', async () => {
    const user = await t.createUser();
    await deposit(user, 750);
    expect(await csvMatchingPage(user)).toEqual([['Deposit', 'Pending', '750.00']]);
  });

  it('shows a confirmed deposit', async () => {
    const user = await t.createUser();
    await fund(t, user, admin, 750);
    expect(await csvMatchingPage(user)).toEqual([['Deposit', 'Confirmed', '750.00']]);
  });

  it('shows a rejected deposit with its amount', async () => {
    const user = await t.createUser();
    const transactionId = await deposit(user, 750);
    expect((await staff('PATCH', '/api/payments/rejectPayment', { transactionId })).statusCode).toBe(200);
    expect(await csvMatchingPage(user)).toEqual([['Deposit', 'Rejected', '750.00']]);
  });

  it('shows withdrawals pending, approved and rejected as money leaving', async () => {
    const user = await t.createUser();
    await fund(t, user, admin, 1000);
    t.clock.advance(1000);
    expect((await staff('PUT', `/api/withDraw/approve/${await withdraw(user, 200)}`)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await staff('PUT', `/api/withDraw/reject/${await withdraw(user, 60)}`)).statusCode).toBe(200);
    t.clock.advance(1000);
    await withdraw(user, 30);
    expect(await csvMatchingPage(user)).toEqual([
      ['Withdrawal', 'Pending', '-30.00'],
      ['Withdrawal', 'Rejected', '-60.00'],
      ['Withdrawal', 'Approved', '-200.00'],
      ['Deposit', 'Confirmed', '1000.00'],
    ]);
  });

  it('shows investments pending, active, rejected and matured as money leaving', async () => {
    const user = await t.createUser();
    await fund(t, user, admin, 1000);
    t.clock.advance(1000);
    expect((await staff('PUT', `/api/invest/${await invest(user, 110)}/reject`)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await staff('PUT', `/api/invest/${await invest(user, 120)}/approve`)).statusCode).toBe(200);
    t.clock.advance(DAY + 1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/invest/deposit-maturity', headers: user.headers })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await staff('PUT', `/api/invest/${await invest(user, 130)}/approve`)).statusCode).toBe(200);
    t.clock.advance(1000);
    await invest(user, 140);
    expect(await csvMatchingPage(user)).toEqual([
      ['Investment', 'Pending', '-140.00'],
      ['Investment', 'Active', '-130.00'],
      ['Investment', 'Ended', '-120.00'],
      ['Investment', 'Rejected', '-110.00'],
      ['Deposit', 'Confirmed', '1000.00'],
    ]);
  });

  it('shows staff adjustments, fees, fee refunds and referral bonuses with their own sign', async () => {
    const user = await t.createUser();
    expect((await adjust(user, 'editDepositBalance', 'add', 100)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await adjust(user, 'editDepositBalance', 'deduct', 10)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await adjust(user, 'updateDepositBalance', 'add', 25.5)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await adjust(user, 'update-fees', 'add', 5)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await adjust(user, 'update-fees', 'deduct', 2)).statusCode).toBe(200);
    t.clock.advance(1000);
    await t.database.db.transaction((tx) => creditReferralBonus(tx, { referrerId: user.user.id, referredUserId: 'referred-csv', amountCents: 1250, at: new Date(t.clock.now()) }));
    expect(await csvMatchingPage(user)).toEqual([
      ['Adjustment', 'Completed', '12.50'],
      ['Adjustment', 'Completed', '2.00'],
      ['Adjustment', 'Completed', '-5.00'],
      ['Adjustment', 'Completed', '25.50'],
      ['Adjustment', 'Completed', '-10.00'],
      ['Adjustment', 'Completed', '100.00'],
    ]);
  });

  it('keeps the page filters: pending items only', async () => {
    const user = await t.createUser();
    await fund(t, user, admin, 500);
    t.clock.advance(1000);
    await deposit(user, 750);
    t.clock.advance(1000);
    await withdraw(user, 40);
    const response = await t.app.inject({ method: 'GET', url: '/api/invest/getTransactionHistory?format=csv&status=Pending', headers: user.headers });
    expect(response.body.trimEnd().split('\r\n').slice(1).map((line) => line.split(',').slice(-2).join(','))).toEqual(['"Pending","-40.00"', '"Pending","750.00"']);
  });
});
