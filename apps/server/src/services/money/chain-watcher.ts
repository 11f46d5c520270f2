/**
 * The deposit watchers (PRODUCT §1.11, ADR 0015). The EVM watcher follows the chain from a
 * persisted cursor: it records every transfer into a user's own address as soon as it is
 * seen, credits it exactly once when it has the required confirmations on the canonical
 * chain, and drops it if its block leaves the chain first. One instance at a time holds a
 * chain's lease; everything it writes is idempotent, so a crash or a lost lease at any
 * point neither loses nor doubles a credit.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { formatUnits, formatUsd, type ChainNetwork } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { chainCursors, depositAddresses, onchainDeposits, payments, users, type OnchainDepositRow, type PaymentRow } from '../../db/schema';
import { assetCatalog, BITCOIN_DETECTION, networkName, usdCentsOf } from '../../chain';
import { canonicalHashes, ChainMovedError, readTransfers, type EvmChain, type ObservedTransfer } from '../../chain/evm';
import { confirmChainPayment, creditConfirmedPayment, insertPayment, lockTxHash, txHashKey } from './payments';
import { getSettings } from '../platform/settings';

/**
 * Renewed with every range read and every few credits; a crashed holder's lease is taken
 * over when it runs out, so this is also how long a chain waits after a crash.
 */
const LEASE_SECONDS = 30;
/** Credits between lease renewals while settling. */
const CREDITS_PER_RENEWAL = 25;
/** Credits written at once (the embedded database runs them one after another anyway). */
const CREDIT_CONCURRENCY = 4;
/** Block ranges read per tick before the tick yields (the next tick continues). */
const MAX_RANGES_PER_TICK = 20;
/** Transfers settled per tick. */
const SETTLE_BATCH = 500;

export interface WatchReport {
  tip: number;
  /** Blocks read this tick. */
  scanned: number;
  seen: number;
  credited: number;
  queued: number;
  dropped: number;
  /** The cursor reached the tip. */
  caughtUp: boolean;
  /** The cursor went back because the chain reorganised under it. */
  rewound: boolean;
}

/** One network's deposit detection. Bitcoin's is declared but not available (it needs a node). */
export interface DepositWatcher {
  readonly network: ChainNetwork;
  readonly available: boolean;
  readonly reason?: string;
  /** One pass over new blocks and confirming transfers; null when another instance holds the chain. */
  tick(): Promise<WatchReport | null>;
}

export const bitcoinWatcher: DepositWatcher = {
  network: 'btc',
  available: BITCOIN_DETECTION.available,
  reason: BITCOIN_DETECTION.reason,
  tick: () => Promise.reject(new Error(BITCOIN_DETECTION.reason)),
};

class LeaseLostError extends Error {}

interface Watched {
  userId: string;
  address: string;
}

/** The users' EVM addresses, read incrementally (addresses are only ever added). */
function addressBook(deps: AppDeps) {
  const byAddress = new Map<string, Watched>();
  let lastId = 0;
  return async function refresh(): Promise<Map<string, Watched>> {
    const rows = await deps.db
      .select({ id: depositAddresses.id, userId: depositAddresses.userId, address: depositAddresses.address })
      .from(depositAddresses)
      .where(and(eq(depositAddresses.network, 'evm'), gt(depositAddresses.id, lastId)))
      .orderBy(asc(depositAddresses.id));
    for (const row of rows) {
      byAddress.set(row.address.toLowerCase(), { userId: row.userId, address: row.address });
      lastId = row.id;
    }
    return byAddress;
  };
}

export function createEvmWatcher(deps: AppDeps, options: { owner?: string } = {}): DepositWatcher {
  const chain = deps.chain.evm;
  if (!chain) return { network: 'evm', available: false, reason: 'EVM_RPC_URL is not set', tick: () => Promise.reject(new Error('EVM_RPC_URL is not set')) };
  const owner = options.owner ?? randomUUID();
  const addresses = addressBook(deps);
  return { network: 'evm', available: true, tick: () => evmTick(deps, chain, owner, addresses) };
}

async function claimCursor(deps: AppDeps, chainId: number, owner: string, tip: number) {
  const start = deps.chain.config.evmStartBlock ?? tip;
  await deps.db.insert(chainCursors).values({ network: 'evm', chainId, nextBlock: start, tipBlock: tip }).onConflictDoNothing();
  const [cursor] = await deps.db
    .update(chainCursors)
    .set({ leaseOwner: owner, leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      and(
        eq(chainCursors.network, 'evm'),
        eq(chainCursors.chainId, chainId),
        or(isNull(chainCursors.leaseUntil), lt(chainCursors.leaseUntil, sql`now()`), eq(chainCursors.leaseOwner, owner)),
      ),
    )
    .returning();
  return cursor;
}

async function moveCursor(db: AppDeps['db'] | Tx, chainId: number, owner: string, change: { nextBlock?: number; lastBlockHash?: string | null; tipBlock: number }) {
  const [moved] = await db
    .update(chainCursors)
    .set({ ...change, updatedAt: sql`now()`, leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(and(eq(chainCursors.network, 'evm'), eq(chainCursors.chainId, chainId), eq(chainCursors.leaseOwner, owner)))
    .returning({ nextBlock: chainCursors.nextBlock });
  if (!moved) throw new LeaseLostError('the chain lease was taken over');
}

async function evmTick(deps: AppDeps, chain: EvmChain, owner: string, refreshAddresses: () => Promise<Map<string, Watched>>): Promise<WatchReport | null> {
  const chainId = await chain.chainId();
  const tip = Number(await chain.client.getBlockNumber());
  const cursor = await claimCursor(deps, chainId, owner, tip);
  if (!cursor) return null;
  const report: WatchReport = { tip, scanned: 0, seen: 0, credited: 0, queued: 0, dropped: 0, caughtUp: false, rewound: false };
  const confirmations = deps.chain.config.evmConfirmations;
  try {
    let next = cursor.nextBlock;
    let lastHash = cursor.lastBlockHash;
    if (next > 0 && lastHash) {
      const now = (await canonicalHashes(chain, [next - 1])).get(next - 1);
      if (now !== lastHash) {
        // The block we stopped after is gone: read the last `confirmations` blocks again (a deeper reorganisation would undo credits anywhere).
        next = Math.max(deps.chain.config.evmStartBlock ?? 0, next - 1 - confirmations);
        lastHash = null;
        report.rewound = true;
        await moveCursor(deps.db, chainId, owner, { nextBlock: next, lastBlockHash: null, tipBlock: tip });
      }
    }
    const settings = await getSettings(deps.db);
    const catalog = assetCatalog(settings.evmTokens).filter((asset) => asset.network === 'evm');
    const native = catalog.find((asset) => asset.symbol === 'ETH')!;
    const tokens = catalog.filter((asset) => asset.contract);
    const book = await refreshAddresses();
    const watched = new Set(book.keys());
    const range = deps.chain.config.evmScanRange;
    // Hashes of the blocks read this tick: canonical as of now, so settling need not ask again.
    const readHashes = new Map<number, string>();
    for (let ranges = 0; next <= tip && ranges < MAX_RANGES_PER_TICK; ranges += 1) {
      const to = Math.min(tip, next + range - 1);
      const { transfers, blockHashes } = await readTransfers(chain, { from: next, to }, { native, tokens }, watched);
      const seen = await deps.db.transaction(async (tx) => {
        const inserted = await recordTransfers(tx, chainId, transfers, book);
        await moveCursor(tx, chainId, owner, { nextBlock: to + 1, lastBlockHash: blockHashes.get(to)!, tipBlock: tip });
        await emailSeen(tx, deps, inserted, chainId);
        return inserted.length;
      });
      for (const [number, hash] of blockHashes) readHashes.set(number, hash);
      report.seen += seen;
      report.scanned += to - next + 1;
      next = to + 1;
    }
    report.caughtUp = next > tip;
    if (report.scanned === 0) await moveCursor(deps.db, chainId, owner, { tipBlock: tip });
    await settle(deps, chain, { chainId, tip, readHashes }, report, () => moveCursor(deps.db, chainId, owner, { tipBlock: tip }));
  } catch (error) {
    if (error instanceof LeaseLostError || error instanceof ChainMovedError) {
      deps.log.warn({ reason: error.message }, 'chain scan stopped; it resumes from the saved cursor');
      return report;
    }
    throw error;
  } finally {
    await deps.db
      .update(chainCursors)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(eq(chainCursors.network, 'evm'), eq(chainCursors.chainId, chainId), eq(chainCursors.leaseOwner, owner)))
      .catch((error: unknown) => deps.log.warn({ err: error }, 'could not release the chain lease'));
  }
  return report;
}

/** Inserts new transfers; a transfer seen again (read twice, or back after a reorganisation) only has its block updated. Returns the new ones. */
async function recordTransfers(tx: Tx, chainId: number, transfers: ObservedTransfer[], book: Map<string, Watched>): Promise<OnchainDepositRow[]> {
  if (transfers.length === 0) return [];
  const values = transfers.map((transfer) => {
    const owner = book.get(transfer.to)!;
    const usd = transfer.asset.usdPegged ? usdCentsOf(transfer.raw, transfer.asset.decimals) : null;
    return {
      id: randomUUID(),
      network: 'evm' as const,
      chainId,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      blockNumber: transfer.blockNumber,
      blockHash: transfer.blockHash,
      asset: transfer.asset.symbol,
      tokenContract: transfer.asset.contract,
      rawAmount: transfer.raw.toString(),
      decimals: transfer.asset.decimals,
      amountCents: usd ? Number(usd.cents) : null,
      dustRaw: usd ? usd.dust.toString() : null,
      userId: owner.userId,
      address: owner.address,
    };
  });
  const rows = await tx
    .insert(onchainDeposits)
    .values(values)
    .onConflictDoUpdate({
      target: [onchainDeposits.chainId, onchainDeposits.txHash, onchainDeposits.logIndex],
      set: { blockNumber: sql`excluded.block_number`, blockHash: sql`excluded.block_hash`, status: 'Confirming', droppedAt: null },
      setWhere: sql`${onchainDeposits.status} <> 'Confirmed'`,
    })
    .returning({ id: onchainDeposits.id, inserted: sql<boolean>`(xmax = 0)` });
  const fresh = new Set(rows.filter((row) => row.inserted).map((row) => row.id));
  return fresh.size ? tx.select().from(onchainDeposits).where(inArray(onchainDeposits.id, [...fresh])) : [];
}

const units = (row: Pick<OnchainDepositRow, 'rawAmount' | 'decimals' | 'asset'>) => `${formatUnits(row.rawAmount, row.decimals)} ${row.asset}`;

async function owners(tx: Tx, ids: string[]) {
  const rows = ids.length ? await tx.select().from(users).where(inArray(users.id, [...new Set(ids)])) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

async function emailSeen(tx: Tx, deps: AppDeps, rows: OnchainDepositRow[], chainId: number) {
  if (rows.length === 0) return;
  const byId = await owners(tx, rows.map((row) => row.userId));
  const network = networkName('evm', { chainId });
  const required = deps.chain.config.evmConfirmations;
  await deps.outbox.enqueueMany(
    tx,
    rows.flatMap((row) => {
      const user = byId.get(row.userId);
      if (!user || user.deletedAt) return [];
      return [
        {
          to: user.email,
          kind: 'deposit-seen',
          content: {
            subject: `We see your deposit of ${units(row)}`,
            heading: 'Deposit on its way',
            paragraphs: [
              `Hello ${user.name},`,
              `A transfer of ${units(row)} to your deposit address has appeared on ${network}. It is credited to your balance once it has ${required} confirmations; you can follow them on your deposit page.`,
            ],
            action: { label: 'Follow your deposit', url: `${deps.config.appUrl}/deposit-payment` },
          },
        },
      ];
    }),
  );
}

/** Drops transfers whose block left the chain and credits those with enough confirmations. */
async function settle(
  deps: AppDeps,
  chain: EvmChain,
  { chainId, tip, readHashes }: { chainId: number; tip: number; readHashes: ReadonlyMap<number, string> },
  report: WatchReport,
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

async function dropTransfer(deps: AppDeps, row: OnchainDepositRow): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [dropped] = await tx
      .update(onchainDeposits)
      .set({ status: 'Dropped', droppedAt: deps.now() })
      .where(and(eq(onchainDeposits.id, row.id), eq(onchainDeposits.status, 'Confirming'), eq(onchainDeposits.blockHash, row.blockHash)))
      .returning();
    if (!dropped) return false;
    const user = (await owners(tx, [row.userId])).get(row.userId);
    if (user && !user.deletedAt) {
      await deps.outbox.enqueue(tx, {
        to: user.email,
        kind: 'deposit-dropped',
        content: {
          subject: `Your deposit of ${units(row)} is no longer on the chain`,
          heading: 'Deposit no longer on the chain',
          paragraphs: [
            `Hello ${user.name},`,
            `The transfer of ${units(row)} we told you about was in a block that the network has since replaced (a chain reorganisation), so it has not been credited.`,
            'If your wallet sends it again, we will see it again. If it shows as failed or dropped in your wallet, nothing left your wallet.',
          ],
        },
      });
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
    const [row] = await tx
      .update(onchainDeposits)
      .set({ status: 'Confirmed', confirmedAt: deps.now() })
      .where(and(eq(onchainDeposits.id, candidate.id), eq(onchainDeposits.status, 'Confirming'), eq(onchainDeposits.blockHash, candidate.blockHash)))
      .returning();
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
      await deps.outbox.enqueue(tx, {
        to: owner.email,
        kind: outcome === 'credited' ? 'deposit-credited' : 'deposit-confirmed',
        content:
          outcome === 'credited'
            ? {
                subject: `Your deposit of ${formatUsd(payment!.amountCents)} is credited`,
                heading: 'Deposit credited',
                paragraphs: [
                  `Hello ${owner.name},`,
                  `Your deposit ${payment!.transactionId} of ${units(row)} is confirmed on chain and ${formatUsd(payment!.amountCents)} has been credited to your balance.`,
                ],
                action: { label: 'Open your dashboard', url: `${deps.config.appUrl}/my-account` },
              }
            : {
                subject: `Your deposit of ${units(row)} is confirmed on chain`,
                heading: 'Deposit confirmed on chain',
                paragraphs: [
                  `Hello ${owner.name},`,
                  `Your deposit ${payment!.transactionId} of ${units(row)} is confirmed on chain. Our team will confirm its US dollar value and credit your balance; you will get an email when they do.`,
                ],
              },
      });
    }
    return outcome;
  });
}
