import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCents } from '@app/shared';
import { putSettings } from '../../src/services/platform/settings';
import { getUserBalances, verifyLedger } from '../../src/ledger';
import { useTestApp, useUser } from '../helpers/build-test-app';
import { BTC } from './helpers';

/**
 * Random sequences of money operations through the HTTP API; after every step the ledger
 * verifies and every user's figures equal a simple model.
 */
const FEE_CENTS = 100;

type Op =
  | { op: 'deposit'; user: number; cents: number }
  | { op: 'decideDeposit'; pick: number; confirm: boolean }
  | { op: 'withdraw'; user: number; cents: number }
  | { op: 'decideWithdrawal'; pick: number; approve: boolean }
  | { op: 'adjust'; user: number; target: 'balance' | 'profit' | 'fees'; add: boolean; cents: number };

const cents = fc.integer({ min: 1, max: 30_000 });
const user = fc.integer({ min: 0, max: 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), user, cents }),
  fc.record({ op: fc.constant('decideDeposit' as const), pick: fc.nat(), confirm: fc.boolean() }),
  fc.record({ op: fc.constant('withdraw' as const), user, cents }),
  fc.record({ op: fc.constant('decideWithdrawal' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ op: fc.constant('adjust' as const), user, target: fc.constantFrom('balance' as const, 'profit' as const, 'fees' as const), add: fc.boolean(), cents }),
);

interface Model {
  wallet: number;
  held: number;
  profit: number;
  fees: number;
}

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
beforeAll(async () => {
  await putSettings(t.database.db, { withdrawalFee: { flatCents: FEE_CENTS, basisPoints: 0 } }, null);
});

describe('ledger properties', () => {
  it('keeps the invariants and matches the model after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const users = [await t.createUser(), await t.createUser()];
        const model: Model[] = users.map(() => ({ wallet: 0, held: 0, profit: 0, fees: 0 }));
        const payments: { id: string; user: number; cents: number; decided: boolean }[] = [];
        const withdrawals: { id: string; user: number; cents: number; decided: boolean }[] = [];

        for (const step of ops) {
          if (step.op === 'deposit') {
            const r = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: users[step.user]!.headers, payload: { amount: formatCents(step.cents) } });
            expect(r.statusCode).toBe(201);
            payments.push({ id: r.json().transaction.transactionId, user: step.user, cents: step.cents, decided: false });
          } else if (step.op === 'decideDeposit') {
            if (payments.length === 0) continue;
            const payment = payments[step.pick % payments.length]!;
            const r = await t.app.inject({
              method: 'PATCH',
              url: `/api/payments/${step.confirm ? 'confirmPayment' : 'rejectPayment'}`,
              headers: admin.headers,
              payload: { transactionId: payment.id },
            });
            if (payment.decided) {
              expect(r.statusCode).toBe(409);
            } else {
              expect(r.statusCode).toBe(200);
              payment.decided = true;
              if (step.confirm) model[payment.user]!.wallet += payment.cents;
            }
          } else if (step.op === 'withdraw') {
            const m = model[step.user]!;
            const r = await t.app.inject({
              method: 'POST',
              url: '/api/withDraw/create',
              headers: users[step.user]!.headers,
              payload: { amount: formatCents(step.cents), walletAddress: BTC },
            });
            if (step.cents <= FEE_CENTS || step.cents > m.wallet) {
              expect(r.statusCode).toBe(400);
            } else {
              expect(r.statusCode).toBe(201);
              m.wallet -= step.cents;
              m.held += step.cents;
              withdrawals.push({ id: r.json().withdrawal._id, user: step.user, cents: step.cents, decided: false });
            }
          } else if (step.op === 'decideWithdrawal') {
            if (withdrawals.length === 0) continue;
            const withdrawal = withdrawals[step.pick % withdrawals.length]!;
            const r = await t.app.inject({ method: 'PUT', url: `/api/withDraw/${step.approve ? 'approve' : 'reject'}/${withdrawal.id}`, headers: admin.headers });
            if (withdrawal.decided) {
              expect(r.statusCode).toBe(409);
            } else {
              expect(r.statusCode).toBe(200);
              withdrawal.decided = true;
              const m = model[withdrawal.user]!;
              m.held -= withdrawal.cents;
              if (step.approve) m.fees += FEE_CENTS;
              else m.wallet += withdrawal.cents;
            }
          } else {
            const m = model[step.user]!;
            const path = { balance: 'editDepositBalance', profit: 'updateDepositBalance', fees: 'update-fees' }[step.target];
            const r = await t.app.inject({
              method: 'PUT',
              url: `/api/users/${path}/${users[step.user]!.user.id}`,
              headers: admin.headers,
              payload: { operation: step.add ? 'add' : 'deduct', amount: formatCents(step.cents), reason: 'property test' },
            });
            // What the wallet and the target figure would become.
            const walletDelta = step.target === 'fees' ? (step.add ? -step.cents : step.cents) : step.add ? step.cents : -step.cents;
            const profitDelta = step.target === 'profit' ? walletDelta : 0;
            const feesDelta = step.target === 'fees' ? (step.add ? step.cents : -step.cents) : 0;
            const allowed = m.wallet + walletDelta >= 0 && m.profit + profitDelta >= 0 && m.fees + feesDelta >= 0;
            expect(r.statusCode).toBe(allowed ? 200 : 400);
            if (allowed) {
              m.wallet += walletDelta;
              m.profit += profitDelta;
              m.fees += feesDelta;
            }
          }

          for (const [i, u] of users.entries()) {
            const m = model[i]!;
            expect(await getUserBalances(t.database.db, u.user.id)).toEqual({
              balanceCents: m.wallet + m.held,
              availableCents: m.wallet,
              investedCents: 0,
              totalProfitCents: m.profit,
              feesCents: m.fees,
            });
          }
          const report = await verifyLedger(t.database.db);
          expect(report.problems).toEqual([]);
        }
      }),
      { numRuns: 20 },
    );
  }, 300_000);
});
