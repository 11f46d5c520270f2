import { describe, expect, it } from 'vitest';
import { useTestApp, useUser } from '../helpers/build-test-app';
import { figures, fund } from './helpers';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });

/** Issue 40.7: a pending deposit is shown as pending on the dashboard, not folded silently into a $0 balance. */
describe('dashboard pending deposits', () => {
  it('counts and totals the deposits awaiting staff, outside every balance, until they are decided', async () => {
    const user = await t.createUser();
    expect((await figures(t, user)).pendingDeposits).toEqual({ count: 0, amount: '0.00' });

    const report = async (amount: string) => {
      const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount } });
      expect(created.statusCode).toBe(201);
      return created.json<{ transaction: { transactionId: string } }>().transaction.transactionId;
    };
    const first = await report('750');
    expect(await figures(t, user)).toMatchObject({ balance: '0.00', availableBalance: '0.00', pendingDeposits: { count: 1, amount: '750.00' } });
    const second = await report('0.55');
    expect((await figures(t, user)).pendingDeposits).toEqual({ count: 2, amount: '750.55' });

    expect((await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: admin.headers, payload: { transactionId: first } })).statusCode).toBe(200);
    expect(await figures(t, user)).toMatchObject({ balance: '750.00', pendingDeposits: { count: 1, amount: '0.55' } });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/payments/rejectPayment', headers: admin.headers, payload: { transactionId: second } })).statusCode).toBe(200);
    expect(await figures(t, user)).toMatchObject({ balance: '750.00', pendingDeposits: { count: 0, amount: '0.00' } });
  });

  it("shows only the user's own pending deposits", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    await fund(t, other, admin, 20);
    await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: other.headers, payload: { amount: 30 } });
    expect((await figures(t, user)).pendingDeposits).toEqual({ count: 0, amount: '0.00' });
    expect((await figures(t, other)).pendingDeposits).toEqual({ count: 1, amount: '30.00' });
  });
});
