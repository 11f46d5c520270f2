/**
 * Settling what the EVM watcher recorded (ADR 0015): a transfer whose block left the chain is
 * dropped; one with the required confirmations on the canonical chain is credited exactly
 * once (matched with the deposit its owner reported, or a new one), or queued for staff when
 * its asset has no USD price.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatUnits, formatUsd } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { onchainDeposits, payments, users, type OnchainDepositRow, type PaymentRow } from '../../db/schema';
import { canonicalHashes, type EvmChain } from '../../chain/evm';
import { localizedEmail } from '../../email/locales';
import { confirmChainPayment, creditConfirmedPayment } from './payment-decisions';
import { insertPayment, lockTxHash, txHashKey } from './payments';

/** Credits between lease renewals while settling. */
const CREDITS_PER_RENEWAL = 25;
/** Credits written at once (the embedded database runs them one after another anyway). */
const CREDIT_CONCURRENCY = 4;
/** Transfers settled per tick. */
const SETTLE_BATCH = 500;

/** What a settling pass did, added to the watcher's report of the tick. */
export interface SettleCounts {
  credited: number;
  queued: number;
  dropped: number;
}

/** A transfer's amount as people read it ("250.5 USDT"). */
export const units = (row: Pick<OnchainDepositRow, 'rawAmount' | 'decimals' | 'asset'>) => `${formatUnits(row.rawAmount, row.decimals)} ${row.asset}`;

/** The users behind these ids, by id. */
export async function owners(tx: Tx, ids: string[]) {
  const rows = ids.length ? await tx.select().from(users).where(inArray(users.id, [...new Set(ids)])) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** Drops transfers whose block left the chain and credits those with enough confirmations. */
export async function settle(
  deps: AppDeps,
  chain: EvmChain,
  { chainId, tip, readHashes }: { chainId: number; tip: number; readHashes: ReadonlyMap<number, string> },
  report: SettleCounts,
  renewLease: () => Promise<void>,
): Promise<void> {
  const required = deps.chain.config.evmConfirmations;
  // Every confirming transfer once per tick, oldest first, a batch at a time.
  let after: { blockNumber: number; id: string } | null = null;
  for (;;) {
    const confirming: OnchainDepositRow[] = await deps.db
      .select()
      .from(onchainDeposits)
      .where(
        and(
          eq(onchainDeposits.chainId, chainId),
          eq(onchainDeposits.status, 'Confirming'),
          after ? sql`(${onchainDeposits.blockNumber}, ${onchainDeposits.id}) > (${after.blockNumber}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(onchainDeposits.blockNumber), asc(onchainDeposits.id))
      .limit(SETTLE_BATCH);
    if (confirming.length === 0) return;
    const canonical = new Map<number, string | null>(readHashes);
    const unread = confirming.map((row) => row.blockNumber).filter((number) => !readHashes.has(number));
    if (unread.length) for (const [number, hash] of await canonicalHashes(chain, unread)) canonical.set(number, hash);
    const ready: OnchainDepositRow[] = [];
    for (const row of confirming) {
      if (canonical.get(row.blockNumber) !== row.blockHash) {
        if (await dropTransfer(deps, row)) report.dropped += 1;
      } else if (tip - row.blockNumber + 1 >= required) {
        ready.push(row);
      }
    }
    // Credits of different transfers are independent transactions (each locks its hash and its
    // user's accounts), so a few run at once; one user's credits queue on that user's rows.
    for (let start = 0; start < ready.length; start += CREDITS_PER_RENEWAL) {
      const slice = ready.slice(start, start + CREDITS_PER_RENEWAL);
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(CREDIT_CONCURRENCY, slice.length) }, async () => {
          while (next < slice.length) {
            const outcome = await confirmTransfer(deps, slice[next++]!);
            if (outcome === 'credited') report.credited += 1;
            else if (outcome === 'queued') report.queued += 1;
          }
        }),
      );
      await renewLease();
    }
    if (confirming.length < SETTLE_BATCH) return;
    const last = confirming[confirming.length - 1]!;
    after = { blockNumber: last.blockNumber, id: last.id };
  }
}

/** Moves a transfer out of Confirming, if it still is and still in the block it was read in (else undefined). */
async function moveConfirming(tx: Tx, row: OnchainDepositRow, change: Partial<typeof onchainDeposits.$inferInsert>): Promise<OnchainDepositRow | undefined> {
  const [moved] = await tx
    .update(onchainDeposits)
    .set(change)
    .where(and(eq(onchainDeposits.id, row.id), eq(onchainDeposits.status, 'Confirming'), eq(onchainDeposits.blockHash, row.blockHash)))
    .returning();
  return moved;
}

async function dropTransfer(deps: AppDeps, row: OnchainDepositRow): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const dropped = await moveConfirming(tx, row, { status: 'Dropped', droppedAt: deps.now() });
    if (!dropped) return false;
    const user = (await owners(tx, [row.userId])).get(row.userId);
    if (user && !user.deletedAt) {
      await deps.outbox.enqueue(
        tx,
        localizedEmail(user, 'deposit-dropped', ({ t }) => ({
          subject: t('depositDropped.subject', { units: units(row) }),
          heading: t('depositDropped.heading'),
          paragraphs: [t('common.greeting', { name: user.name }), t('depositDropped.body', { units: units(row) }), t('depositDropped.help')],
        })),
      );
    }
    return true;
  });
}

/** A reported deposit with this transfer's hash, from its owner, not yet matched with a transfer. */
async function reportedPayment(tx: Tx, row: OnchainDepositRow): Promise<PaymentRow | undefined> {
  const key = txHashKey(row.txHash);
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, row.userId),
        eq(payments.source, 'reported'),
        inArray(payments.status, ['Pending', 'Confirmed']),
        sql`lower(${payments.txHash}) in (${key}, ${`0x${key}`})`,
        sql`not exists (select 1 from onchain_deposits o where o.payment_id = ${payments.id})`,
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(1)
    .for('update');
  return payment;
}

/**
 * The transfer has its confirmations: USD-pegged tokens are credited at the chain's amount
 * (through the user's report of it when there is one), other assets become a deposit for
 * staff to price. Under the transaction hash's lock, so a report or a staff decision on the
 * same hash waits and then sees it.
 */
async function confirmTransfer(deps: AppDeps, candidate: OnchainDepositRow): Promise<'credited' | 'queued' | 'linked' | 'dust' | null> {
  return deps.db.transaction(async (tx) => {
    await lockTxHash(tx, candidate.txHash);
    const row = await moveConfirming(tx, candidate, { status: 'Confirmed', confirmedAt: deps.now() });
    if (!row) return null;
    const owner = (await owners(tx, [row.userId])).get(row.userId)!;
    let payment = row.paymentId ? (await tx.select().from(payments).where(eq(payments.id, row.paymentId)).for('update'))[0] : await reportedPayment(tx, row);
    let outcome: 'credited' | 'queued' | 'linked' | 'dust';
    if (row.amountCents !== null) {
      if (row.amountCents === 0) {
        outcome = 'dust';
      } else if (payment?.status === 'Pending') {
        const reported = payment.amountCents;
        payment = await confirmChainPayment(tx, deps, payment, owner, {
          amountCents: row.amountCents,
          notes: `Confirmed on chain: ${units(row)}${reported !== row.amountCents ? ` (reported as ${formatUsd(reported)})` : ''}`,
        });
        outcome = 'credited';
      } else if (payment?.status === 'Confirmed') {
        outcome = 'linked';
      } else {
        payment = await insertPayment(tx, {
          userId: row.userId,
          amountCents: row.amountCents,
          asset: row.asset,
          txHash: row.txHash,
          source: 'chain',
          status: 'Confirmed',
          notes: `Confirmed on chain: ${units(row)}`,
          createdAt: row.seenAt,
          decidedAt: deps.now(),
        });
        await creditConfirmedPayment(tx, deps, payment, owner, null);
        outcome = 'credited';
      }
    } else {
      if (!payment || payment.status === 'Rejected') {
        payment = await insertPayment(tx, { userId: row.userId, amountCents: 0, asset: row.asset, txHash: row.txHash, source: 'chain', notes: `Detected on chain: ${units(row)}`, createdAt: row.seenAt });
      }
      outcome = payment.status === 'Confirmed' ? 'linked' : 'queued';
    }
    if (payment && payment.id !== row.paymentId) await tx.update(onchainDeposits).set({ paymentId: payment.id }).where(eq(onchainDeposits.id, row.id));
    if (!owner.deletedAt && (outcome === 'credited' || outcome === 'queued')) {
      const deposit = payment!;
      await deps.outbox.enqueue(
        tx,
        localizedEmail(owner, outcome === 'credited' ? 'deposit-credited' : 'deposit-confirmed', ({ t, usd }) => {
          const facts = { id: deposit.transactionId, units: units(row), amount: usd(deposit.amountCents) };
          return outcome === 'credited'
            ? {
                subject: t('depositCredited.subject', facts),
                heading: t('depositCredited.heading'),
                paragraphs: [t('common.greeting', { name: owner.name }), t('depositCredited.body', facts)],
                action: { label: t('common.openDashboard'), url: `${deps.config.appUrl}/my-account` },
              }
            : {
                subject: t('depositOnChain.subject', facts),
                heading: t('depositOnChain.heading'),
                paragraphs: [t('common.greeting', { name: owner.name }), t('depositOnChain.body', facts)],
              };
        }),
      );
    }
    return outcome;
  });
}
