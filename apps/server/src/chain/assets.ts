/**
 * The asset catalogue: which assets can be deposited and withdrawn, on which network, with
 * how many decimals, and whether they are USD-pegged. BTC and ETH always; ERC-20 tokens as
 * configured (EVM_TOKENS, then the admins' setting). Without configured tokens USDT stays
 * the spec's third asset, reported by hand (no contract to watch).
 */
import { isExplorerTemplate, networkOfAsset, type ChainNetwork, type EvmToken } from '@app/shared';

export interface AssetInfo {
  symbol: string;
  network: ChainNetwork;
  decimals: number;
  usdPegged: boolean;
  /** ERC-20 contract (lowercase), null for a network's native asset or an unwatched token. */
  contract: `0x${string}` | null;
}

const BTC: AssetInfo = { symbol: 'BTC', network: 'btc', decimals: 8, usdPegged: false, contract: null };
const ETH: AssetInfo = { symbol: 'ETH', network: 'evm', decimals: 18, usdPegged: false, contract: null };
const UNWATCHED_USDT: AssetInfo = { symbol: 'USDT', network: 'evm', decimals: 6, usdPegged: true, contract: null };

export function assetCatalog(evmTokens: readonly EvmToken[]): AssetInfo[] {
  if (evmTokens.length === 0) return [BTC, ETH, UNWATCHED_USDT];
  return [
    BTC,
    ETH,
    ...evmTokens.map((token) => ({
      symbol: token.symbol,
      network: networkOfAsset(token.symbol),
      decimals: token.decimals,
      usdPegged: token.usd,
      contract: token.contract.toLowerCase() as `0x${string}`,
    })),
  ];
}

export function findAsset(evmTokens: readonly EvmToken[], symbol: string): AssetInfo | undefined {
  return assetCatalog(evmTokens).find((asset) => asset.symbol === symbol);
}

/** Cents for `raw` base units of a USD-pegged asset, and the base units below a cent left over. */
export function usdCentsOf(raw: bigint, decimals: number): { cents: bigint; dust: bigint } {
  if (decimals >= 2) {
    const unit = 10n ** BigInt(decimals - 2);
    return { cents: raw / unit, dust: raw % unit };
  }
  return { cents: raw * 10n ** BigInt(2 - decimals), dust: 0n };
}

/** Base units of a USD-pegged asset worth exactly `cents`. */
export function baseUnitsOfCents(cents: number, decimals: number): bigint {
  if (decimals >= 2) return BigInt(cents) * 10n ** BigInt(decimals - 2);
  const unit = 10n ** BigInt(2 - decimals);
  return BigInt(cents) / unit;
}

const CHAIN_NAMES: Record<number, string> = {
  1: 'Ethereum',
  10: 'OP Mainnet',
  56: 'BNB Smart Chain',
  137: 'Polygon',
  8453: 'Base',
  42161: 'Arbitrum One',
  11155111: 'Sepolia testnet',
  17000: 'Holesky testnet',
  31337: 'Hardhat (local)',
};

/** The name users see for a network: the EVM chain's name once its id is known. */
export function networkName(network: ChainNetwork, options: { chainId?: number | null; testnet?: boolean } = {}): string {
  if (network === 'btc') return options.testnet ? 'Bitcoin testnet' : 'Bitcoin';
  if (options.chainId == null) return 'Ethereum';
  return CHAIN_NAMES[options.chainId] ?? `EVM chain ${options.chainId}`;
}

/** The explorer link for a transaction, when a template is set. */
export function explorerUrl(template: string, txHash: string | null | undefined): string | null {
  if (!txHash || !isExplorerTemplate(template)) return null;
  return template.replace('{hash}', encodeURIComponent(txHash));
}
