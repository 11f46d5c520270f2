import { and, desc, eq, sql } from 'drizzle-orm';
import { formatCents, formatUnits, type ChainNetwork, type DepositAddressResponse, type DepositOption, type OnchainDepositStatus, type OnchainDepositView, type PaymentStatus } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { chainCursors, depositAddressCounters, depositAddresses, onchainDeposits, payments, type OnchainDepositRow } from '../../db/schema';
import { assetCatalog, BITCOIN_DETECTION, chainErrorText, deriveAddress, explorerUrl, findAsset, networkName, type AssetInfo, type WatchKey } from '../../chain';
import { badRequest } from '../../lib/errors';
import { isUniqueViolation } from '../../db/errors';
import { requireMoneyAccess } from './gating';
import type { Settings } from '@app/shared';
import { getSettings } from '../platform/settings';
import type { SessionUser } from '../auth/sessions';

/** Shown for Bitcoin, which is not detected automatically: what staff look for before confirming. */
export const BITCOIN_CONFIRMATIONS = 3;

/** The EVM chain's id, or null without an RPC or while it cannot be reached. */
export async function evmChainId(deps: AppDeps): Promise<number | null> {
  if (!deps.chain.evm) return null;
  try {
    return await deps.chain.evm.chainId();
  } catch (error) {
    deps.log.warn({ error: chainErrorText(error, deps.chain.config.evmRpcUrl) }, 'EVM RPC unreachable');
    return null;
  }
}

export interface NetworkInfo {
  network: ChainNetwork;
  name: string;
  key: WatchKey | null;
  chainId: number | null;
  /** Incoming transfers are detected and credited without a report. */
  detection: boolean;
  confirmations: number;
}

/** What the deposit paths need to know about a network now. */
export async function networkInfo(deps: AppDeps, settings: Settings, network: ChainNetwork): Promise<NetworkInfo> {
  const key = deps.chain.watchKey(network, settings.watchKeys[network]);
  if (network === 'btc') {
    return { network, name: networkName('btc', { testnet: key?.testnet ?? false }), key, chainId: null, detection: BITCOIN_DETECTION.available, confirmations: BITCOIN_CONFIRMATIONS };
  }
  const chainId = await evmChainId(deps);
  return {
    network,
    name: networkName('evm', { chainId }),
    key,
    chainId,
    detection: Boolean(key && deps.chain.evm),
    confirmations: deps.chain.config.evmConfirmations,
  };
}

/** An asset is detected when its network is watched and the chain can tell its transfers apart (a native asset, or a token with a contract). */
function assetDetected(asset: AssetInfo, info: NetworkInfo): boolean {
  return info.detection && (asset.network === 'btc' || asset.contract !== null || asset.symbol === 'ETH');
}

/** GET /api/payments/deposit-addresses: the assets open for deposits, each with how it is received. */
export async function depositOptions(deps: AppDeps, user: SessionUser): Promise<DepositOption[]> {
  requireMoneyAccess(user, 'deposit');
  const settings = await getSettings(deps.db);
  const infos = new Map<ChainNetwork, NetworkInfo>();
  const options: DepositOption[] = [];
  for (const asset of assetCatalog(settings.evmTokens)) {
    let info = infos.get(asset.network);
    if (!info) infos.set(asset.network, (info = await networkInfo(deps, settings, asset.network)));
    const shared = settings.depositAddresses[asset.symbol];
    if (info.key) options.push({ asset: asset.symbol, network: info.name, own: true, detection: assetDetected(asset, info), address: null });
    else if (shared) options.push({ asset: asset.symbol, network: info.name, own: false, detection: false, address: shared });
  }
  return options;
}

/** The user's address on the key's network: allocated once (the next receive index), then always the same. */
export async function ownDepositAddress(db: DbOrTx, userId: string, key: WatchKey): Promise<string> {
  const existing = async () =>
    (
      await db
        .select({ address: depositAddresses.address })
        .from(depositAddresses)
        .where(and(eq(depositAddresses.userId, userId), eq(depositAddresses.network, key.network), eq(depositAddresses.keyFingerprint, key.fingerprint)))
        .limit(1)
    )[0]?.address;
  const found = await existing();
  if (found) return found;
  try {
    return await db.transaction(async (tx) => {
      // The counter row's lock orders concurrent allocations: each gets the next index, and a
      // transaction that fails below rolls its increment back, so an index is never used twice.
      const [counter] = await tx
        .insert(depositAddressCounters)
        .values({ network: key.network, keyFingerprint: key.fingerprint, nextIndex: 1 })
        .onConflictDoUpdate({
          target: [depositAddressCounters.network, depositAddressCounters.keyFingerprint],
          set: { nextIndex: sql`${depositAddressCounters.nextIndex} + 1` },
        })
        .returning({ nextIndex: depositAddressCounters.nextIndex });
      const index = counter!.nextIndex - 1;
      const address = deriveAddress(key, index);
      await tx.insert(depositAddresses).values({ userId, network: key.network, keyFingerprint: key.fingerprint, derivationIndex: index, address });
      return address;
    });
  } catch (error) {
    // The same user asking twice at once: the first allocation stands.
    if (isUniqueViolation(error, 'deposit_addresses_user_key_unique')) {
      const winner = await existing();
      if (winner) return winner;
    }
    throw error;
  }
}

/** GET /api/payments/deposit-address?asset=ASSET */
export async function depositAddressFor(deps: AppDeps, user: SessionUser, symbol: string): Promise<DepositAddressResponse> {
  requireMoneyAccess(user, 'deposit');
  const settings = await getSettings(deps.db);
  const asset = findAsset(settings.evmTokens, symbol);
  const unavailable = badRequest(`Deposits in ${symbol} are not available at the moment`);
  if (!asset) throw unavailable;
  const info = await networkInfo(deps, settings, asset.network);
  const accepted = assetCatalog(settings.evmTokens)
    .filter((other) => other.network === asset.network)
    .map((other) => other.symbol);
  if (info.key) {
    return {
      asset: asset.symbol,
      network: info.name,
      address: await ownDepositAddress(deps.db, user.id, info.key),
      confirmationsRequired: info.confirmations,
      own: true,
      detection: assetDetected(asset, info),
      chainId: info.chainId,
      acceptedAssets: accepted,
    };
  }
  const shared = settings.depositAddresses[asset.symbol];
  if (!shared) throw unavailable;
  return {
    asset: asset.symbol,
    network: info.name,
    address: shared,
    confirmationsRequired: info.confirmations,
    own: false,
    detection: false,
    chainId: info.chainId,
    acceptedAssets: [asset.symbol],
  };
}

/** The chain's height as the watcher last read it. */
export async function lastTip(db: DbOrTx, chainId: number): Promise<number | null> {
  const [row] = await db
    .select({ tip: chainCursors.tipBlock })
    .from(chainCursors)
    .where(and(eq(chainCursors.network, 'evm'), eq(chainCursors.chainId, chainId)))
    .limit(1);
  return row?.tip ?? null;
}

export function confirmationsOf(blockNumber: number, tip: number | null): number {
  return tip === null ? 0 : Math.max(0, tip - blockNumber + 1);
}

/** What a user sees of an on-chain deposit: its own state, then its payment's. */
export function onchainStatus(row: Pick<OnchainDepositRow, 'status' | 'amountCents'>, paymentStatus: PaymentStatus | null): OnchainDepositStatus {
  if (row.status === 'Dropped') return 'Dropped';
  if (row.status === 'Confirming') return 'Confirming';
  if (paymentStatus === 'Pending') return 'Awaiting review';
  if (paymentStatus === 'Rejected') return 'Rejected';
  return 'Credited';
}

/** GET /api/payments/onchain-deposits: the user's detected deposits, newest first. */
export async function listOnchainDeposits(deps: AppDeps, user: SessionUser): Promise<OnchainDepositView[]> {
  const rows = await deps.db
    .select({ deposit: onchainDeposits, transactionId: payments.transactionId, paymentStatus: payments.status })
    .from(onchainDeposits)
    .leftJoin(payments, eq(payments.id, onchainDeposits.paymentId))
    .where(eq(onchainDeposits.userId, user.id))
    .orderBy(desc(onchainDeposits.seenAt), desc(onchainDeposits.id))
    .limit(100);
  if (rows.length === 0) return [];
  const settings = await getSettings(deps.db);
  const tips = new Map<number, number | null>();
  for (const { deposit } of rows) if (!tips.has(deposit.chainId)) tips.set(deposit.chainId, await lastTip(deps.db, deposit.chainId));
  return rows.map(({ deposit, transactionId, paymentStatus }) => ({
    _id: deposit.id,
    asset: deposit.asset,
    network: networkName(deposit.network, { chainId: deposit.chainId }),
    chainId: deposit.chainId,
    txHash: deposit.txHash,
    logIndex: deposit.logIndex,
    blockNumber: deposit.blockNumber,
    amount: formatUnits(deposit.rawAmount, deposit.decimals),
    usdAmount: deposit.amountCents === null ? null : formatCents(deposit.amountCents),
    confirmations: deposit.status === 'Dropped' ? 0 : confirmationsOf(deposit.blockNumber, tips.get(deposit.chainId) ?? null),
    confirmationsRequired: deps.chain.config.evmConfirmations,
    status: onchainStatus(deposit, paymentStatus),
    transactionId,
    explorerUrl: explorerUrl(settings.explorerTxUrl, deposit.txHash),
    seenAt: deposit.seenAt.toISOString(),
  }));
}
