/**
 * On-chain deposits and payouts (PRODUCT §1.11, ADR 0015). What the rest of the server
 * needs from a chain: the configured RPC connection, watch-only keys, the asset catalogue.
 */
import type { ChainNetwork } from '@app/shared';
import type { ChainConfig } from '../config';
import { createEvmChain, type EvmChain } from './evm';
import { parseWatchKey, type WatchKey } from './keys';

export { assetCatalog, findAsset, networkName, explorerUrl, usdCentsOf, baseUnitsOfCents, type AssetInfo } from './assets';
export { deriveAddress, parseWatchKey, WatchKeyError, type WatchKey } from './keys';
export { findSecret, SECRET_REFUSAL, type SecretKind } from './secrets';
export { checkPayout, balancesAt, type EvmChain, type PayoutCheck } from './evm';

export interface ChainRuntime {
  config: ChainConfig;
  /** The EVM chain when EVM_RPC_URL is set: deposits on it are detected, payouts checked. */
  evm: EvmChain | null;
  /** Parses a stored watch-only key once (they change only when an admin edits them). */
  watchKey(network: ChainNetwork, text: string | undefined): WatchKey | null;
}

export function createChainRuntime(config: ChainConfig): ChainRuntime {
  const parsed = new Map<string, WatchKey>();
  return {
    config,
    evm: config.evmRpcUrl ? createEvmChain(config.evmRpcUrl) : null,
    watchKey(network, text) {
      if (!text) return null;
      const id = `${network}:${text}`;
      let key = parsed.get(id);
      if (!key) {
        key = parseWatchKey(network, text);
        if (parsed.size > 16) parsed.clear();
        parsed.set(id, key);
      }
      return key;
    },
  };
}

/**
 * Bitcoin detection sits behind the same watcher interface as EVM's but needs a Bitcoin
 * node this product does not run yet: Bitcoin deposits go to the user's own address and
 * are reported and confirmed by hand. Nothing pretends otherwise.
 */
export const BITCOIN_DETECTION = { available: false, reason: 'Bitcoin deposits are not detected automatically yet (it needs a Bitcoin node).' } as const;

/**
 * A chain error as one loggable line without the RPC URL (providers put API keys in it;
 * viem repeats the URL in its messages).
 */
export function chainErrorText(error: unknown, rpcUrl: string | undefined): string {
  const text = ((error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? String(error)).split('\n')[0]!;
  return rpcUrl ? text.split(rpcUrl).join('[EVM_RPC_URL]') : text;
}
