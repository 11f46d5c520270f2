import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { applyBasisPoints, formatCents, formatUsd, isStaff, roleRank, STAFF_QUEUE_LIMIT, SUPPORTED_ASSETS, type Asset, type PaymentStatus } from '@app/shared';
import type { AppDeps } from '../deps';
import type { DbOrTx, Tx } from '../db/client';
import { payments, users, type PaymentRow, type UserRow } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { creditDeposit, creditReferralBonus } from '../ledger';
import { recordAudit, type AuditActor } from './audit';
import { requireMoneyAccess } from './gating';
import { getSettings } from './settings';
import type { SessionUser } from './sessions';

export interface PaymentView {
  _id: string;
  transactionId: string;
  amount: string;
  asset: string | null;
  txHash: string | null;
  status: PaymentStatus;
  notes: string | null;
  createdAt: string;
  decidedAt: string | null;
  user: { _id: string; name: string; email: string };
}

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "DEP-7K2M9QX4": short, unambiguous, easy to read out on the phone. */
export function newTransactionId(): string {
  let out = 'DEP-';
  for (const byte of randomBytes(8)) out += ID_ALPHABET[byte % ID_ALPHABET.length];
  return out;
}

export function toPaymentView(row: PaymentRow, user: Pick<UserRow, 'id' | 'name' | 'email'>): PaymentView {
  return {
    _id: row.id,
    transactionId: row.transactionId,
    amount: formatCents(row.amountCents),
    asset: row.asset,
    txHash: row.txHash,
    status: row.status,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    user: { _id: user.id, name: user.name, email: user.email },
  };
}

/** The receiving address per asset; assets without one are left out (they cannot be deposited). */
export async function depositAddresses(db: DbOrTx): Promise<{ asset: Asset; address: string }[]> {
  const settings = await getSettings(db);
  return SUPPORTED_ASSETS.flatMap((asset) => {
    const address = settings.depositAddresses[asset];
    return address ? [{ asset, address }] : [];
  });
}

/** POST /api/payments/create: a Pending deposit report; no money moves until staff confirm. */
export async function createPayment(
  deps: AppDeps,
  user: SessionUser,
  input: { amount: number; asset?: Asset | undefined; txHash?: string | undefined },
): Promise<{ message: string; transaction: PaymentView }> {
  requireMoneyAccess(user, 'deposit');
  if (input.asset) {
    const settings = await getSettings(deps.db);
    if (!settings.depositAddresses[input.asset]) throw badRequest(`Deposits in ${input.asset} are not available at the moment`);
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await deps.db
        .insert(payments)
        .values({
          id: randomUUID(),
          transactionId: newTransactionId(),
          userId: user.id,
          amountCents: input.amount,
          asset: input.asset ?? null,
          txHash: input.txHash ?? null,
          createdAt: deps.now(),
        })
        .returning();
      return {
        message: `Deposit of ${formatUsd(input.amount)} submitted. We will credit your balance once the payment is confirmed.`,
        transaction: toPaymentView(row!, user),
      };
    } catch (error) {
      const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (code === '23505' && attempt < 3) continue;
      throw error;
    }
  }
}

/** GET /api/payments/pending-deposit: oldest first. */
export async function listPendingPayments(db: DbOrTx): Promise<PaymentView[]> {
  const rows = await db
    .select({ payment: payments, user: { id: users.id, name: users.name, email: users.email } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.status, 'Pending'))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(STAFF_QUEUE_LIMIT);
  return rows.map((row) => toPaymentView(row.payment, row.user));
}

/** One payment; its owner or staff only. Others get 404 (its existence is not revealed). */
export async function viewPayment(db: DbOrTx, viewer: SessionUser, transactionId: string): Promise<PaymentView> {
  const [row] = await db
    .select({ payment: payments, user: { id: users.id, name: users.name, email: users.email } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.transactionId, transactionId))
    .limit(1);
  if (!row || (row.payment.userId !== viewer.id && !isStaff(viewer.role))) throw notFound('Transaction not found');
  return toPaymentView(row.payment, row.user);
}

async function loadForDecision(tx: Tx, staff: SessionUser, transactionId: string): Promise<{ payment: PaymentRow; owner: UserRow }> {
  const [row] = await tx
    .select({ payment: payments, owner: users })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.transactionId, transactionId))
    .limit(1);
  if (!row) throw notFound('Transaction not found');
  if (row.owner.id === staff.id) throw forbidden('You cannot decide your own deposit');
  if (roleRank(row.owner.role) >= roleRank(staff.role)) throw forbidden('You can only manage accounts with a lower role than yours');
  return row;
}

/** The guarded transition Pending -> decision; the loser of any race gets 409 and nothing moves. */
async function transition(tx: Tx, deps: AppDeps, payment: PaymentRow, staff: SessionUser, status: 'Confirmed' | 'Rejected', notes: string | undefined) {
  const [updated] = await tx
    .update(payments)
    .set({ status, notes: notes || null, decidedAt: deps.now(), decidedBy: staff.id })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'Pending')))
    .returning();
  if (!updated) {
    const [current] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id));
    throw conflict(`This payment has already been ${(current?.status ?? 'decided').toLowerCase()}`);
  }
  return updated;
}

/** First confirmed deposit of a referred user: the referrer earns the bonus (once, by the ledger's reference). */
async function maybeReferralBonus(tx: Tx, deps: AppDeps, owner: UserRow, amountCents: number): Promise<void> {
  if (!owner.referredById) return;
  // Two first deposits confirmed at once cannot both count themselves first: creditDeposit
  // has locked the depositor's wallet row, so the second counts after the first commits
  // (test/money/referral-race.test.ts).
  const [confirmed] = await tx
    .select({ total: count() })
    .from(payments)
    .where(and(eq(payments.userId, owner.id), eq(payments.status, 'Confirmed')));
  if (Number(confirmed?.total ?? 0) !== 1) return;
  const [referrer] = await tx.select().from(users).where(eq(users.id, owner.referredById)).limit(1);
  if (!referrer || referrer.deletedAt) return;
  const { referralBonus } = await getSettings(tx);
  const bonus = Math.min(referralBonus.capCents, applyBasisPoints(amountCents, referralBonus.basisPoints));
  if (bonus <= 0) return;
  await creditReferralBonus(tx, { referrerId: referrer.id, referredUserId: owner.id, amountCents: bonus, label: `Referral bonus: ${owner.name}'s first deposit`, at: deps.now() });
  await deps.outbox.enqueue(tx, {
    to: referrer.email,
    kind: 'referral-bonus',
    content: {
      subject: 'You earned a referral bonus',
      heading: 'Referral bonus credited',
      paragraphs: [`Hello ${referrer.name},`, `${owner.name} made their first deposit, so ${formatUsd(bonus)} has been added to your balance. Thank you for spreading the word.`],
    },
  });
}

export async function decidePayment(
  deps: AppDeps,
  staff: SessionUser,
  actor: AuditActor,
  input: { transactionId: string; notes?: string | undefined },
  decision: 'Confirmed' | 'Rejected',
): Promise<{ message: string; transaction: PaymentView }> {
  const view = await deps.db.transaction(async (tx) => {
    const { payment, owner } = await loadForDecision(tx, staff, input.transactionId);
    const updated = await transition(tx, deps, payment, staff, decision, input.notes);
    if (decision === 'Confirmed') {
      await creditDeposit(tx, {
        userId: owner.id,
        paymentId: payment.id,
        transactionId: payment.transactionId,
        amountCents: payment.amountCents,
        actorId: staff.id,
        at: deps.now(),
      });
      await maybeReferralBonus(tx, deps, owner, payment.amountCents);
    }
    await recordAudit(tx, actor, {
      action: decision === 'Confirmed' ? 'payment.confirm' : 'payment.reject',
      targetType: 'payment',
      targetId: payment.transactionId,
      before: { status: payment.status },
      after: { status: decision, amount: formatCents(payment.amountCents), userId: owner.id },
      reason: input.notes ?? null,
    });
    const amount = formatUsd(payment.amountCents);
    await deps.outbox.enqueue(tx, {
      to: owner.email,
      kind: 'deposit-decided',
      content:
        decision === 'Confirmed'
          ? {
              subject: 'Your deposit is confirmed',
              heading: 'Deposit confirmed',
              paragraphs: [
                `Hello ${owner.name},`,
                `Your deposit ${payment.transactionId} of ${amount} has been confirmed and credited to your balance.`,
                ...(input.notes ? [`Note from our team: ${input.notes}`] : []),
              ],
              action: { label: 'Open your dashboard', url: `${deps.config.appUrl}/my-account` },
            }
          : {
              subject: 'Your deposit could not be confirmed',
              heading: 'Deposit rejected',
              paragraphs: [
                `Hello ${owner.name},`,
                `We could not confirm your deposit ${payment.transactionId} of ${amount}, so nothing was credited.`,
                ...(input.notes ? [`Reason: ${input.notes}`] : []),
                'If you believe this is a mistake, reply to this email or contact support with your transaction hash.',
              ],
            },
    });
    return toPaymentView(updated, owner);
  });
  return {
    message: decision === 'Confirmed' ? 'Payment successfully confirmed!' : 'Payment successfully rejected!',
    transaction: view,
  };
}
