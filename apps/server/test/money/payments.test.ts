import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, emailOutbox, payments } from '../../src/db/schema';
import { putSettings } from '../../src/services/platform/settings';
import { verifyLedger } from '../../src/ledger';
import { useTestApp, useUser } from '../helpers/build-test-app';
import { figures, fund } from './helpers';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
beforeAll(async () => {
  await putSettings(t.database.db, { depositAddresses: { BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } }, null);
});

describe('deposits', () => {
  it('creates a Pending payment with a readable transaction id, and confirms it once', async () => {
    const user = await t.createUser();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create',
      headers: user.headers,
      payload: { amount: '150.25', asset: 'BTC', txHash: 'a'.repeat(64) },
    });
    expect(created.statusCode).toBe(201);
    const { transaction } = created.json();
    expect(transaction).toMatchObject({ amount: '150.25', status: 'Pending', asset: 'BTC', txHash: 'a'.repeat(64) });
    expect(transaction.transactionId).toMatch(/^DEP-[A-Z2-9]{8}$/);
    expect((await figures(t, user)).balance).toBe('0.00');

    const pending = await t.app.inject({ method: 'GET', url: '/api/payments/pending-deposit', headers: admin.headers });
    expect(pending.json().map((p: { transactionId: string }) => p.transactionId)).toContain(transaction.transactionId);

    const confirm = () =>
      t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: admin.headers, payload: { transactionId: transaction.transactionId, notes: 'seen on chain' } });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Payment successfully confirmed!');
    expect(first.json().transaction).toMatchObject({ status: 'Confirmed', notes: 'seen on chain' });
    const second = await confirm();
    expect(second.statusCode).toBe(409);
    const reject = await t.app.inject({ method: 'PATCH', url: '/api/payments/rejectPayment', headers: admin.headers, payload: { transactionId: transaction.transactionId } });
    expect(reject.statusCode).toBe(409);
    expect(await figures(t, user)).toMatchObject({ balance: '150.25', availableBalance: '150.25' });

    const emails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.user.email));
    expect(emails.filter((e) => e.kind === 'deposit-decided')).toHaveLength(1);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, transaction.transactionId));
    expect(audits.map((a) => a.action)).toEqual(['payment.confirm']);

    const status = await t.app.inject({ method: 'GET', url: `/api/payments/viewPaymentStatus/${transaction.transactionId}`, headers: user.headers });
    expect(status.json().status).toBe('Confirmed');
  });

  it('rejects with notes and moves nothing', async () => {
    const user = await t.createUser();
    const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount: 20 } });
    const { transactionId } = created.json().transaction;
    const rejected = await t.app.inject({ method: 'PATCH', url: '/api/payments/rejectPayment', headers: admin.headers, payload: { transactionId, notes: 'no such transfer' } });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toBe('Payment successfully rejected!');
    expect((await figures(t, user)).balance).toBe('0.00');
    const again = await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: admin.headers, payload: { transactionId } });
    expect(again.statusCode).toBe(409);
    expect((await figures(t, user)).balance).toBe('0.00');
  });

  it.each([0, -5, 'NaN', 'raw:1e309', 'raw:NaN', '10.123', 10.123, 'ten', [10], { a: 1 }, null, '', '1e3', true])('refuses amount %j with 400 and creates nothing', async (amount) => {
    const user = await t.createUser();
    // raw: sends the literal as JSON text (1e309 parses to Infinity; NaN is not JSON at all).
    const payload = typeof amount === 'string' && amount.startsWith('raw:') ? `{"amount":${amount.slice(4)}}` : JSON.stringify({ amount });
    const response = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: { ...user.headers, 'content-type': 'application/json' }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTypeOf('string');
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, user.user.id))).toHaveLength(0);
  });

  it('lists configured deposit addresses and refuses an asset without one', async () => {
    const user = await t.createUser();
    const list = await t.app.inject({ method: 'GET', url: '/api/payments/deposit-addresses', headers: user.headers });
    expect(list.json()).toEqual({
      addresses: [{ asset: 'BTC', network: 'Bitcoin', own: false, detection: false, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
    });
    const btc = await t.app.inject({ method: 'GET', url: '/api/payments/deposit-address?asset=BTC', headers: user.headers });
    expect(btc.json()).toMatchObject({ asset: 'BTC', network: 'Bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', own: false, detection: false });
    const eth = await t.app.inject({ method: 'GET', url: '/api/payments/deposit-address?asset=ETH', headers: user.headers });
    expect(eth.statusCode).toBe(400);
    expect(eth.json().message).toBe('Deposits in ETH are not available at the moment');
    const response = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount: 10, asset: 'ETH' } });
    expect(response.statusCode).toBe(400);
  });

  it('gates deposits on email verification, then KYC, naming the step', async () => {
    const unverified = await t.createUser({ isVerified: false });
    const a = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: unverified.headers, payload: { amount: 10 } });
    expect(a.statusCode).toBe(403);
    expect(a.json().message).toMatch(/verify your email/);
    const noKyc = await t.createUser({ kycStatus: 'Pending' });
    const b = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: noKyc.headers, payload: { amount: 10 } });
    expect(b.statusCode).toBe(403);
    expect(b.json().message).toMatch(/KYC/);
  });

  it('keeps users apart and staff-only routes for staff', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: owner.headers, payload: { amount: 10 } });
    const { transactionId } = created.json().transaction;
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/viewPaymentStatus/${transactionId}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/pending-deposit', headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: other.headers, payload: { transactionId } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/pending-deposit' })).statusCode).toBe(401);
    // An author cannot confirm an admin's deposit, nobody confirms their own.
    const author = await t.createUser({ role: 'author' });
    const own = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: author.headers, payload: { amount: 10 } });
    const ownId = own.json().transaction.transactionId;
    expect((await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: author.headers, payload: { transactionId: ownId } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: admin.headers, payload: {} })).json().message).toBe('Transaction ID is missing!');
  });

  it('honours Idempotency-Key: replay, 422 on another body', async () => {
    const user = await t.createUser();
    const post = (amount: number, key: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/create', headers: { ...user.headers, 'idempotency-key': key }, payload: { amount } });
    const first = await post(42, 'key-1');
    const replay = await post(42, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await post(43, 'key-1')).statusCode).toBe(422);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, user.user.id))).toHaveLength(1);
    // Without a key, two submissions are two payments.
    await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount: 42 } });
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, user.user.id))).toHaveLength(2);
  });

  it('hashes a keyed body in any key order, and one nested 100,000 deep without failing (the unknown field is ignored)', async () => {
    const user = await t.createUser();
    const send = (payload: string, key: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/create', headers: { ...user.headers, 'content-type': 'application/json', 'idempotency-key': key }, payload });
    const first = await send('{"amount":"12.00","note":{"b":1,"a":2}}', 'order-1');
    expect(first.statusCode).toBe(201);
    const reordered = await send('{"note":{"a":2,"b":1},"amount":"12.00"}', 'order-1');
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    const nested = await send(`{"amount":"5.00","note":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 'deep-1');
    expect(nested.statusCode).toBe(201);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, user.user.id))).toHaveLength(2);
  });

  it('pays the referral bonus once, on the first confirmed deposit', async () => {
    const referrer = await t.createUser();
    const referred = await t.createUser({ referredById: referrer.user.id });
    await fund(t, referred, admin, 60);
    await fund(t, referred, admin, 200);
    expect(await figures(t, referrer)).toMatchObject({ balance: '3.00', totalMaturityAmount: '3.00' });
    expect((await verifyLedger(t.database.db)).problems).toEqual([]);
  });
});
