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
import { type ChainNetwork } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { chainCursors, depositAddresses, onchainDeposits, type OnchainDepositRow } from '../../db/schema';
import { assetCatalog, BITCOIN_DETECTION, networkName, usdCentsOf } from '../../chain';
import { canonicalHashes, ChainMovedError, readTransfers, type EvmChain, type ObservedTransfer } from '../../chain/evm';
import { localizedEmail } from '../../email/locales';
import { owners, settle, units, type SettleCounts } from './chain-settlement';
import { getSettings } from '../platform/settings';

/**
 * Renewed with every range read and every few credits; a crashed holder's lease is taken
 * over when it runs out, so this is also how long a chain waits after a crash.
 */
const LEASE_SECONDS = 30;
/** Block ranges read per tick before the tick yields (the next tick continues). */
const MAX_RANGES_PER_TICK = 20;

export interface WatchReport extends SettleCounts {
  tip: number;
  /** Blocks read this tick. */
  scanned: number;
  seen: number;
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
        localizedEmail(user, 'deposit-seen', ({ t }) => ({
          subject: t('depositSeen.subject', { units: units(row) }),
          heading: t('depositSeen.heading'),
          paragraphs: [t('common.greeting', { name: user.name }), t('depositSeen.body', { units: units(row), network, confirmations: required })],
          action: { label: t('depositSeen.action'), url: `${deps.config.appUrl}/deposit-payment` },
        })),
      ];
    }),
  );
}
