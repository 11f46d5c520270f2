import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  type StaffQueueQuery,
  applyBasisPoints,
  formatCents,
  formatUnits,
  formatUsd,
  isStaff,
  networkOfAsset,
  roleRank,
  type ChainEvidence,
  type PaymentView,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { afterKeyset, decodeKeyset, keysetAt, keysetPage } from '../../db/keyset';
import { onchainDeposits, payments, users, type OnchainDepositRow, type PaymentRow, type UserRow } from '../../db/schema';
import { explorerUrl, findAsset } from '../../chain';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { creditDeposit, creditReferralBonus } from '../../ledger';
import { recordAudit, type AuditActor } from '../platform/audit';
import { requireMoneyAccess } from './gating';
import { getSettings } from '../platform/settings';
import type { SessionUser } from '../auth/sessions';


/** The bare lowercase hex of a transaction hash: EVM writes it with 0x, Bitcoin without. */
export function txHashKey(hash: string): string {
  return hash.trim().toLowerCase().replace(/^0x/, '');
}

/** How a hash is stored: EVM hashes as lowercase 0x…, others lowercase as given. */
export function normalizeTxHash(hash: string, asset: string | null | undefined): string {
  const key = txHashKey(hash);
  const evm = asset ? networkOfAsset(asset) === 'evm' : hash.trim().toLowerCase().startsWith('0x');
  return evm && /^[0-9a-f]{64}$/.test(key) ? `0x${key}` : hash.trim().toLowerCase();
}

/** Serialises everything that could credit one transaction hash (report, staff decision, the watcher) for the rest of `tx`. */
export async function lockTxHash(tx: Tx, hash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tx:${txHashKey(hash)}`}, 0))`);
}

const sameHash = (column: typeof payments.txHash, hash: string) => {
  const key = txHashKey(hash);
  return sql`lower(${column}) in (${key}, ${`0x${key}`})`;
};

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "DEP-7K2M9QX4": short, unambiguous, easy to read out on the phone. */
export function newTransactionId(): string {
  let out = 'DEP-';
  for (const byte of randomBytes(8)) out += ID_ALPHABET[byte % ID_ALPHABET.length];
  return out;
}

export function toPaymentView(
  row: PaymentRow,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  extra: { chain?: ChainEvidence | null; explorerTxUrl?: string } = {},
): PaymentView {
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
    source: row.source,
    chain: extra.chain ?? null,
    explorerUrl: explorerUrl(extra.explorerTxUrl ?? '', row.txHash),
  };
}

/** The chain's evidence for each payment: the transfer linked to it, else one with its hash at the owner's address. */
export async function chainEvidence(deps: AppDeps, rows: PaymentRow[]): Promise<Map<string, ChainEvidence>> {
  const evidence = new Map<string, ChainEvidence>();
  const chainId = deps.chain.evm ? await deps.chain.evm.chainId().catch(() => null) : null;
  if (chainId === null || rows.length === 0) return evidence;
  const hashes = rows.flatMap((row) => (row.txHash ? [normalizeTxHash(row.txHash, row.asset ?? 'ETH')] : []));
  const found = await deps.db
    .select()
    .from(onchainDeposits)
    .where(
      and(
        eq(onchainDeposits.chainId, chainId),
        or(inArray(onchainDeposits.paymentId, rows.map((row) => row.id)), hashes.length ? inArray(onchainDeposits.txHash, hashes) : sql`false`),
      ),
    );
  const [tip] = await deps.db.execute(sql`select tip_block::int as tip from chain_cursors where network = 'evm' and chain_id = ${chainId}`).then(
    (result) => (result as unknown as { rows: { tip: number }[] }).rows,
  );
  const { explorerTxUrl } = await getSettings(deps.db);
  const required = deps.chain.config.evmConfirmations;
  for (const row of rows) {
    const hash = row.txHash ? normalizeTxHash(row.txHash, row.asset ?? 'ETH') : null;
    const match: OnchainDepositRow | undefined =
      found.find((deposit) => deposit.paymentId === row.id) ?? found.find((deposit) => deposit.txHash === hash && deposit.userId === row.userId);
    if (match) {
      evidence.set(row.id, {
        status: match.status === 'Confirmed' ? 'confirmed' : match.status === 'Dropped' ? 'dropped' : 'confirming',
        confirmations: match.status === 'Dropped' ? 0 : Math.max(0, (tip?.tip ?? match.blockNumber) - match.blockNumber + 1),
        confirmationsRequired: required,
        amount: formatUnits(match.rawAmount, match.decimals),
        asset: match.asset,
        blockNumber: match.blockNumber,
        explorerUrl: explorerUrl(explorerTxUrl, match.txHash),
      });
    } else if (hash && (!row.asset || networkOfAsset(row.asset) === 'evm')) {
      evidence.set(row.id, { status: 'not-seen', confirmations: null, confirmationsRequired: required, amount: null, asset: null, blockNumber: null, explorerUrl: explorerUrl(explorerTxUrl, row.txHash) });
    }
  }
  return evidence;
}

/** Payments as the API shows them, with the chain's evidence and explorer links. */
async function paymentViews(deps: AppDeps, rows: { payment: PaymentRow; user: Pick<UserRow, 'id' | 'name' | 'email'> }[]): Promise<PaymentView[]> {
  const evidence = await chainEvidence(deps, rows.map((row) => row.payment));
  const { explorerTxUrl } = await getSettings(deps.db);
  return rows.map((row) => toPaymentView(row.payment, row.user, { chain: evidence.get(row.payment.id) ?? null, explorerTxUrl }));
}

/** A new payment row with a fresh DEP- id (retried on the rare id collision). */
export async function insertPayment(
  db: DbOrTx,
  values: Omit<typeof payments.$inferInsert, 'id' | 'transactionId'>,
): Promise<PaymentRow> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(payments)
        .values({ ...values, id: randomUUID(), transactionId: newTransactionId() })
        .returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/**
 * A transaction hash already on a live payment: reported twice, or detected on chain first.
 * Names the deposit only to its owner.
 */
async function refuseKnownHash(tx: Tx, userId: string, hash: string): Promise<void> {
  const [known] = await tx
    .select({ transactionId: payments.transactionId, userId: payments.userId, source: payments.source })
    .from(payments)
    .where(and(sameHash(payments.txHash, hash), ne(payments.status, 'Rejected')))
    .limit(1);
  if (known) {
    if (known.userId !== userId) throw conflict('This transaction hash has already been reported');
    throw conflict(
      known.source === 'chain'
        ? `This transaction was detected on chain and is already your deposit ${known.transactionId}`
        : `This transaction has already been reported as your deposit ${known.transactionId}`,
    );
  }
  const [credited] = await tx
    .select({ id: onchainDeposits.id })
    .from(onchainDeposits)
    .where(and(eq(onchainDeposits.txHash, normalizeTxHash(hash, 'ETH')), eq(onchainDeposits.userId, userId), eq(onchainDeposits.status, 'Confirmed')))
    .limit(1);
  if (credited) throw conflict('This transaction was detected on chain and has already been handled');
}

/**
 * POST /api/payments/create: a Pending deposit report; no money moves until staff confirm,
 * or until the watcher confirms the same transaction on chain (then it is that deposit).
 */
export async function createPayment(
  deps: AppDeps,
  user: SessionUser,
  input: { amount: number; asset?: string | undefined; txHash?: string | undefined },
): Promise<{ message: string; transaction: PaymentView }> {
  requireMoneyAccess(user, 'deposit');
  if (input.asset) {
    const settings = await getSettings(deps.db);
    const asset = findAsset(settings.evmTokens, input.asset);
    const open = asset && (settings.depositAddresses[asset.symbol] || deps.chain.watchKey(asset.network, settings.watchKeys[asset.network]));
    if (!open) throw badRequest(`Deposits in ${input.asset} are not available at the moment`);
  }
  const txHash = input.txHash ? normalizeTxHash(input.txHash, input.asset) : null;
  const row = await deps.db.transaction(async (tx) => {
    if (txHash) {
      await lockTxHash(tx, txHash);
      await refuseKnownHash(tx, user.id, txHash);
    }
    const inserted = await insertPayment(tx, { userId: user.id, amountCents: input.amount, asset: input.asset ?? null, txHash, createdAt: deps.now() });
    if (txHash) {
      // Seen on chain and still confirming: the report and the transfer are one deposit from now on.
      const [confirming] = await tx
        .select({ id: onchainDeposits.id })
        .from(onchainDeposits)
        .where(
          and(
            eq(onchainDeposits.txHash, normalizeTxHash(txHash, 'ETH')),
            eq(onchainDeposits.userId, user.id),
            eq(onchainDeposits.status, 'Confirming'),
            isNull(onchainDeposits.paymentId),
          ),
        )
        .orderBy(asc(onchainDeposits.logIndex))
        .limit(1);
      if (confirming) await tx.update(onchainDeposits).set({ paymentId: inserted.id }).where(eq(onchainDeposits.id, confirming.id));
    }
    return inserted;
  });
  return {
    message: `Deposit of ${formatUsd(input.amount)} submitted. We will credit your balance once the payment is confirmed.`,
    transaction: (await paymentViews(deps, [{ payment: row, user }]))[0]!,
  };
}

/** GET /api/payments/pending-deposit: oldest first, each with what the chain shows of it. */
export async function listPendingPayments(deps: AppDeps, query: StaffQueueQuery): Promise<{ payments: PaymentView[]; nextCursor: string | null }> {
  const read = await deps.db
    .select({ payment: payments, user: { id: users.id, name: users.name, email: users.email }, at: keysetAt(payments.createdAt) })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.status, 'Pending'), afterKeyset(payments.createdAt, payments.id, decodeKeyset(query.cursor))))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(query.limit + 1);
  const { rows, nextCursor } = keysetPage(read, query.limit, (row) => ({ at: row.at, id: row.payment.id }));
  return { payments: await paymentViews(deps, rows), nextCursor };
}

/** One payment; its owner or staff only. Others get 404 (its existence is not revealed). */
export async function viewPayment(deps: AppDeps, viewer: SessionUser, transactionId: string): Promise<PaymentView> {
  const [row] = await deps.db
    .select({ payment: payments, user: { id: users.id, name: users.name, email: users.email } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.transactionId, transactionId))
    .limit(1);
  if (!row || (row.payment.userId !== viewer.id && !isStaff(viewer.role))) throw notFound('Transaction not found');
  return (await paymentViews(deps, [row]))[0]!;
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
async function transition(
  tx: Tx,
  deps: AppDeps,
  payment: PaymentRow,
  decidedBy: string | null,
  change: { status: 'Confirmed' | 'Rejected'; notes: string | null; amountCents?: number },
) {
  const [updated] = await tx
    .update(payments)
    .set({ status: change.status, notes: change.notes, decidedAt: deps.now(), decidedBy, ...(change.amountCents !== undefined ? { amountCents: change.amountCents } : {}) })
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
): Promise<{ message: string; transaction: PaymentView }> {
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
    const amount = formatUsd(updated.amountCents);
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
    return { payment: updated, user: owner };
  });
  return {
    message: decision === 'Confirmed' ? 'Payment successfully confirmed!' : 'Payment successfully rejected!',
    transaction: (await paymentViews(deps, [row]))[0]!,
  };
}
