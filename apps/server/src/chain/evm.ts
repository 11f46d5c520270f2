/**
 * Reading an EVM chain through viem: incoming transfers in a block range (native value and
 * ERC-20 Transfer logs), canonical block hashes, balances, and the payout check of a
 * withdrawal. JSON-RPC calls made together go out as one batch.
 */
import {
  createPublicClient,
  decodeEventLog,
  http,
  parseAbi,
  parseAbiItem,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
} from 'viem';
import { formatUnits } from '@app/shared';
import type { AssetInfo } from './assets';

export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const BALANCE_OF = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

/** Full blocks requested per JSON-RPC batch while looking for native transfers. */
const BLOCKS_PER_BATCH = 100;

export interface EvmChain {
  client: PublicClient;
  /** The chain id, asked once. */
  chainId(): Promise<number>;
}

export function createEvmChain(rpcUrl: string): EvmChain {
  const client = createPublicClient({
    // The watcher asks for the tip once a tick: a cached answer (viem's default 4 s) would hide new blocks.
    cacheTime: 0,
    transport: http(rpcUrl, { batch: { batchSize: BLOCKS_PER_BATCH, wait: 0 }, retryCount: 2, timeout: 20_000 }),
  }) as PublicClient;
  let chainId: Promise<number> | undefined;
  return {
    client,
    chainId() {
      chainId ??= client.getChainId().catch((error: unknown) => {
        chainId = undefined;
        throw error;
      });
      return chainId;
    },
  };
}

export interface ObservedTransfer {
  txHash: string;
  /** -1 for a native transfer. */
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  /** Lowercase recipient (one of the watched addresses). */
  to: string;
  asset: AssetInfo;
  raw: bigint;
}

/** The chain changed under a read (a log's block is not the block read at that height): read again. */
export class ChainMovedError extends Error {}

const lower = (value: string) => value.toLowerCase();

/**
 * Transfers into `watched` (lowercase addresses) in blocks [from, to]: native value of
 * successful transactions, and Transfer logs of the token contracts. Also the hash of
 * every block read, so the caller can tell later whether they are still canonical.
 */
export async function readTransfers(
  chain: EvmChain,
  range: { from: number; to: number },
  assets: { native: AssetInfo; tokens: AssetInfo[] },
  watched: ReadonlySet<string>,
): Promise<{ transfers: ObservedTransfer[]; blockHashes: Map<number, string> }> {
  const { client } = chain;
  const tokenContracts = assets.tokens.filter((token) => token.contract);
  const logsPromise = tokenContracts.length
    ? client.getLogs({
        address: tokenContracts.map((token) => token.contract!),
        event: TRANSFER_EVENT,
        fromBlock: BigInt(range.from),
        toBlock: BigInt(range.to),
        strict: true,
      })
    : Promise.resolve([]);

  const blockHashes = new Map<number, string>();
  const nativeCandidates: { hash: Hash; to: string; value: bigint; blockNumber: number; blockHash: string }[] = [];
  for (let start = range.from; start <= range.to; start += BLOCKS_PER_BATCH) {
    const end = Math.min(range.to, start + BLOCKS_PER_BATCH - 1);
    const blocks = await Promise.all(
      Array.from({ length: end - start + 1 }, (_, i) => client.getBlock({ blockNumber: BigInt(start + i), includeTransactions: true })),
    );
    for (const block of blocks) {
      const number = Number(block.number);
      blockHashes.set(number, block.hash);
      for (const tx of block.transactions) {
        if (tx.to && tx.value > 0n && watched.has(lower(tx.to))) {
          nativeCandidates.push({ hash: tx.hash, to: lower(tx.to), value: tx.value, blockNumber: number, blockHash: block.hash });
        }
      }
    }
  }

  const transfers: ObservedTransfer[] = [];
  // A reverted transaction keeps its value field but moved nothing.
  const receipts = await Promise.all(nativeCandidates.map((candidate) => client.getTransactionReceipt({ hash: candidate.hash })));
  nativeCandidates.forEach((candidate, i) => {
    if (receipts[i]!.status !== 'success') return;
    transfers.push({
      txHash: lower(candidate.hash),
      logIndex: -1,
      blockNumber: candidate.blockNumber,
      blockHash: candidate.blockHash,
      to: candidate.to,
      asset: assets.native,
      raw: candidate.value,
    });
  });

  const byContract = new Map(tokenContracts.map((token) => [token.contract!, token]));
  for (const log of await logsPromise) {
    if (log.removed) continue;
    const to = lower(log.args.to);
    if (!watched.has(to) || log.args.value === 0n) continue;
    const blockNumber = Number(log.blockNumber);
    if (blockHashes.get(blockNumber) !== log.blockHash) throw new ChainMovedError(`block ${blockNumber} changed during the read`);
    transfers.push({
      txHash: lower(log.transactionHash),
      logIndex: log.logIndex,
      blockNumber,
      blockHash: log.blockHash,
      to,
      asset: byContract.get(lower(log.address) as `0x${string}`)!,
      raw: log.args.value,
    });
  }
  return { transfers, blockHashes };
}

/** Hashes of the canonical blocks at these heights now (null where the chain is not that high any more). */
export async function canonicalHashes(chain: EvmChain, numbers: Iterable<number>): Promise<Map<number, string | null>> {
  const list = [...new Set(numbers)];
  const blocks = await Promise.all(
    list.map((number) =>
      chain.client.getBlock({ blockNumber: BigInt(number) }).then(
        (block) => block.hash,
        (error: unknown) => {
          if ((error as { name?: string }).name === 'BlockNotFoundError') return null;
          throw error;
        },
      ),
    ),
  );
  return new Map(list.map((number, i) => [number, blocks[i] ?? null]));
}

/** Per asset, the sum held by `addresses` now (base units). */
export async function balancesAt(chain: EvmChain, addresses: readonly `0x${string}`[], assets: AssetInfo[]): Promise<Map<string, bigint>> {
  const totals = new Map<string, bigint>();
  for (const asset of assets) {
    const amounts = await Promise.all(
      addresses.map((address) =>
        asset.contract
          ? chain.client.readContract({ address: asset.contract, abi: BALANCE_OF, functionName: 'balanceOf', args: [address] })
          : chain.client.getBalance({ address }),
      ),
    );
    totals.set(asset.symbol, amounts.reduce((sum, value) => sum + value, 0n));
  }
  return totals;
}

export type PayoutCheck =
  | { ok: true; blockNumber: number; paidRaw: bigint }
  | { ok: false; message: string };

function short(address: string): string {
  return `${address.slice(0, 8)}…${address.slice(-6)}`;
}

/**
 * Whether transaction `txHash` pays `expectedRaw` (when known) of `asset` to `recipient` on
 * this chain; otherwise what differs.
 */
export async function checkPayout(
  chain: EvmChain,
  input: { txHash: Hash; asset: AssetInfo; recipient: string; expectedRaw: bigint | null; networkLabel: string },
): Promise<PayoutCheck> {
  const { client } = chain;
  const { asset } = input;
  const recipient = lower(input.recipient);
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: input.txHash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError || error instanceof TransactionNotFoundError) {
      return { ok: false, message: `Transaction ${short(input.txHash)} was not found on ${input.networkLabel}: check that it was sent on this network and has been mined.` };
    }
    throw error;
  }
  if (receipt.status !== 'success') return { ok: false, message: 'That transaction failed on chain (reverted): it paid nothing.' };
  const blockNumber = Number(receipt.blockNumber);
  const amount = (raw: bigint) => `${formatUnits(raw, asset.decimals)} ${asset.symbol}`;

  if (!asset.contract) {
    const tx = await client.getTransaction({ hash: input.txHash });
    if (!tx.to || lower(tx.to) !== recipient) {
      return { ok: false, message: `That transaction pays ${tx.to ? short(tx.to) : 'a new contract'}, not the user's address ${short(input.recipient)}.` };
    }
    if (tx.value === 0n) return { ok: false, message: `That transaction sends no ${asset.symbol}.` };
    if (input.expectedRaw !== null && tx.value !== input.expectedRaw) {
      return { ok: false, message: `That transaction sends ${amount(tx.value)}; the net amount is ${amount(input.expectedRaw)}.` };
    }
    return { ok: true, blockNumber, paidRaw: tx.value };
  }

  const transfers = receipt.logs.flatMap((log) => {
    try {
      const decoded = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics, strict: true });
      return [{ contract: lower(log.address), to: lower(decoded.args.to), value: decoded.args.value }];
    } catch {
      return [];
    }
  });
  const ofAsset = transfers.filter((transfer) => transfer.contract === asset.contract);
  if (ofAsset.length === 0) {
    const other = transfers[0];
    return {
      ok: false,
      message: other
        ? `That transaction moves the token at ${short(other.contract)}, not ${asset.symbol} (${short(asset.contract)}).`
        : `That transaction moves no ${asset.symbol}.`,
    };
  }
  const toRecipient = ofAsset.filter((transfer) => transfer.to === recipient);
  if (toRecipient.length === 0) {
    return { ok: false, message: `That transaction pays ${asset.symbol} to ${short(ofAsset[0]!.to)}, not the user's address ${short(input.recipient)}.` };
  }
  const paid = toRecipient.reduce((sum, transfer) => sum + transfer.value, 0n);
  if (input.expectedRaw !== null && paid !== input.expectedRaw) {
    return { ok: false, message: `That transaction sends ${amount(paid)}; the net amount is ${amount(input.expectedRaw)}.` };
  }
  return { ok: true, blockNumber, paidRaw: paid };
}
