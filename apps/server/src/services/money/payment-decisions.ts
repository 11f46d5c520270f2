import { and, count, eq, ne, sql } from 'drizzle-orm';
import { applyBasisPoints, formatCents, type PaymentAnswer } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { jsonRow } from '../../db/json-row';
import { renderedOnce, selectRows } from '../../db/rows';
import { onchainDeposits, payments, users, type PaymentRow, type UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { creditDeposit, creditReferralBonus } from '../../ledger';
import { localizedEmail } from '../../email/locales';
import { recordAudit, type AuditActor } from '../platform/audit';
import { assertMayManage } from '../platform/staff';
import { getSettings } from '../platform/settings';
import type { SessionUser } from '../auth/sessions';
import { lockTxHash, normalizeTxHash, paymentViews } from './payments';
/** Staff decisions on deposits, and the credit a confirmed deposit (reported or seen on chain) gets. */

const paymentJson = jsonRow(payments);
const ownerJson = jsonRow(users);
/** The payment and its owner, each as one JSON value (rendered once: see renderedOnce). */
const decisionColumns = renderedOnce(sql`${paymentJson.sql} as payment, ${ownerJson.sql} as owner`);
const paymentColumns = renderedOnce(sql`${paymentJson.sql} as payment`);

async function loadForDecision(tx: Tx, staff: SessionUser, transactionId: string): Promise<{ payment: PaymentRow; owner: UserRow }> {
  const [row] = await selectRows<{ payment: Record<string, unknown>; owner: Record<string, unknown> }>(
    tx,
    sql`select ${decisionColumns} from payments inner join users on users.id = payments.user_id where payments.transaction_id = ${transactionId} limit 1`,
  );
  if (!row) throw notFound('Transaction not found');
  const found = { payment: paymentJson.decode(row.payment), owner: ownerJson.decode(row.owner) };
  assertMayManage(staff, found.owner, 'You cannot decide your own deposit');
  return found;
}

/** The guarded transition Pending -> decision; the loser of any race gets 409 and nothing moves. */
async function transition(
  tx: Tx,
  deps: AppDeps,
  payment: PaymentRow,
  decidedBy: string | null,
  change: { status: 'Confirmed' | 'Rejected'; notes: string | null; amountCents?: number },
) {
  const [row] = await selectRows<{ payment: Record<string, unknown> }>(
    tx,
    sql`update payments set status = ${change.status}, notes = ${change.notes}, decided_at = ${deps.now().toISOString()}::timestamptz, decided_by = ${decidedBy}${
      change.amountCents !== undefined ? sql`, amount_cents = ${change.amountCents}::bigint` : sql``
    } where id = ${payment.id} and status = 'Pending' returning ${paymentColumns}`,
  );
  const updated = row && paymentJson.decode(row.payment);
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
  await deps.outbox.enqueue(
    tx,
    localizedEmail(referrer, 'referral-bonus', ({ t, usd }) => ({
      subject: t('referralBonus.subject'),
      heading: t('referralBonus.heading'),
      paragraphs: [t('common.greeting', { name: referrer.name }), t('referralBonus.body', { referred: owner.name, amount: usd(bonus) })],
    })),
  );
}

/** A payment that just became Confirmed: its amount to the wallet (once, by the ledger's reference) and any referral bonus. */
export async function creditConfirmedPayment(tx: Tx, deps: AppDeps, payment: PaymentRow, owner: UserRow, actorId: string | null): Promise<void> {
  await creditDeposit(tx, {
    userId: owner.id,
    paymentId: payment.id,
    transactionId: payment.transactionId,
    amountCents: payment.amountCents,
    actorId,
    at: deps.now(),
  });
  await maybeReferralBonus(tx, deps, owner, payment.amountCents);
}

/** The watcher's confirmation of a pending payment whose USD-pegged transfer reached its confirmations: credited at the chain's amount. */
export async function confirmChainPayment(tx: Tx, deps: AppDeps, payment: PaymentRow, owner: UserRow, change: { amountCents: number; notes: string }): Promise<PaymentRow> {
  const updated = await transition(tx, deps, payment, null, { status: 'Confirmed', notes: change.notes, amountCents: change.amountCents });
  await creditConfirmedPayment(tx, deps, updated, owner, null);
  return updated;
}

export async function decidePayment(
  deps: AppDeps,
  staff: SessionUser,
  actor: AuditActor,
  input: { transactionId: string; notes?: string | undefined; amount?: number | undefined },
  decision: 'Confirmed' | 'Rejected',
): Promise<PaymentAnswer> {
  const row = await deps.db.transaction(async (tx) => {
    const found = await loadForDecision(tx, staff, input.transactionId);
    const { owner } = found;
    let { payment } = found;
    if (payment.txHash) {
      // The watcher may be crediting the same transaction right now: take its lock, then look again.
      await lockTxHash(tx, payment.txHash);
      const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
      if (!current) throw notFound('Transaction not found');
      payment = current;
    }
    let amountCents = payment.amountCents;
    if (decision === 'Confirmed') {
      if (input.amount !== undefined) amountCents = input.amount;
      else if (amountCents === 0) throw badRequest('Enter the USD value of this deposit before confirming it');
      if (payment.txHash && payment.source === 'reported') {
        const [credited] = await tx
          .select({ transactionId: payments.transactionId })
          .from(onchainDeposits)
          .innerJoin(payments, eq(payments.id, onchainDeposits.paymentId))
          .where(
            and(
              eq(onchainDeposits.txHash, normalizeTxHash(payment.txHash, 'ETH')),
              eq(onchainDeposits.userId, owner.id),
              ne(onchainDeposits.paymentId, payment.id),
              eq(payments.status, 'Confirmed'),
            ),
          )
          .limit(1);
        if (credited) throw conflict(`The chain already credited this transaction as ${credited.transactionId}: reject this report instead`);
      }
    }
    const updated = await transition(tx, deps, payment, staff.id, {
      status: decision,
      notes: input.notes || null,
      ...(amountCents !== payment.amountCents ? { amountCents } : {}),
    });
    if (decision === 'Confirmed') await creditConfirmedPayment(tx, deps, updated, owner, staff.id);
    await recordAudit(tx, actor, {
      action: decision === 'Confirmed' ? 'payment.confirm' : 'payment.reject',
      targetType: 'payment',
      targetId: payment.transactionId,
      before: { status: payment.status, amount: formatCents(payment.amountCents) },
      after: { status: decision, amount: formatCents(updated.amountCents), userId: owner.id },
      reason: input.notes ?? null,
    });
    await deps.outbox.enqueue(
      tx,
      localizedEmail(owner, 'deposit-decided', ({ t, usd }) => {
        const facts = { id: payment.transactionId, amount: usd(updated.amountCents) };
        return decision === 'Confirmed'
          ? {
              subject: t('depositConfirmed.subject'),
              heading: t('depositConfirmed.heading'),
              paragraphs: [
                t('common.greeting', { name: owner.name }),
                t('depositConfirmed.body', facts),
                ...(input.notes ? [t('common.teamNote', { note: input.notes })] : []),
              ],
              action: { label: t('common.openDashboard'), url: `${deps.config.appUrl}/my-account` },
            }
          : {
              subject: t('depositRejected.subject'),
              heading: t('depositRejected.heading'),
              paragraphs: [
                t('common.greeting', { name: owner.name }),
                t('depositRejected.body', facts),
                ...(input.notes ? [t('common.reason', { reason: input.notes })] : []),
                t('depositRejected.help'),
              ],
            };
      }),
    );
    return { payment: updated, user: owner };
  });
  return {
    message: decision === 'Confirmed' ? 'Payment successfully confirmed!' : 'Payment successfully rejected!',
    transaction: (await paymentViews(deps, [row]))[0]!,
  };
}
