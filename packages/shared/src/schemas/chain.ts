import { z } from 'zod';
import { isValidEthereumAddress } from '../addresses';

/** The networks deposits are received on: EVM chains (ETH and ERC-20 tokens) and Bitcoin. */
export const CHAIN_NETWORKS = ['evm', 'btc'] as const;
export type ChainNetwork = (typeof CHAIN_NETWORKS)[number];

/** Bitcoin is the one non-EVM asset; every other asset (ETH, ERC-20 tokens) lives on the EVM network. */
export function networkOfAsset(symbol: string): ChainNetwork {
  return symbol === 'BTC' ? 'btc' : 'evm';
}

export const ASSET_SYMBOL_MESSAGE = 'Asset must be a ticker symbol such as USDT';
/** An asset's ticker symbol; which symbols are open is the server's asset catalogue. */
export const assetSymbolField = z
  .string({ error: ASSET_SYMBOL_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9]{1,9}$/, ASSET_SYMBOL_MESSAGE);

export const TOKEN_DECIMALS_MESSAGE = 'Token decimals must be a whole number from 0 to 36';

/** One configured ERC-20 token (EVM_TOKENS entry `SYMBOL:contract:decimals[:usd]`). */
export const evmTokenSchema = z.object({
  symbol: assetSymbolField.refine((symbol) => symbol !== 'ETH' && symbol !== 'BTC', 'ETH and BTC are not token symbols'),
  contract: z
    .string({ error: 'Token contract must be a 0x address' })
    .trim()
    .refine(isValidEthereumAddress, 'Token contract must be a valid 0x address (EIP-55 checksum when mixed case)'),
  decimals: z.number({ error: TOKEN_DECIMALS_MESSAGE }).int(TOKEN_DECIMALS_MESSAGE).min(0, TOKEN_DECIMALS_MESSAGE).max(36, TOKEN_DECIMALS_MESSAGE),
  /** USD-pegged: credited 1:1 in cents when confirmed on chain. */
  usd: z.boolean().default(false),
});
export type EvmToken = z.output<typeof evmTokenSchema>;

export const evmTokenListSchema = z
  .array(evmTokenSchema)
  .max(20, 'At most 20 tokens')
  .superRefine((tokens, ctx) => {
    const symbols = new Set<string>();
    const contracts = new Set<string>();
    for (const token of tokens) {
      if (symbols.has(token.symbol)) ctx.addIssue({ code: 'custom', message: `Token ${token.symbol} is listed twice` });
      if (contracts.has(token.contract.toLowerCase())) ctx.addIssue({ code: 'custom', message: `Contract ${token.contract} is listed twice` });
      symbols.add(token.symbol);
      contracts.add(token.contract.toLowerCase());
    }
  });

/** Parses the EVM_TOKENS text form: comma-separated `SYMBOL:contract:decimals[:usd]`. */
export function parseEvmTokens(text: string): { ok: true; tokens: EvmToken[] } | { ok: false; message: string } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const raw = [];
  for (const entry of entries) {
    const parts = entry.split(':').map((part) => part.trim());
    if (parts.length < 3 || parts.length > 4 || (parts[3] !== undefined && parts[3].toLowerCase() !== 'usd') || !/^\d{1,2}$/.test(parts[2]!)) {
      return { ok: false, message: `"${entry}" is not of the form SYMBOL:contract:decimals[:usd]` };
    }
    raw.push({ symbol: parts[0], contract: parts[1], decimals: Number(parts[2]), usd: parts[3] !== undefined });
  }
  const parsed = evmTokenListSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  return { ok: true, tokens: parsed.data };
}

/** `raw` base units of a `decimals`-place asset as a decimal string without trailing zeros ("1.5", "0.000001"). */
export function formatUnits(raw: string | bigint, decimals: number): string {
  const value = BigInt(raw);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** GET /api/payments/deposit-addresses: the assets a user can deposit and how. */
export const depositOptionSchema = z.object({
  asset: z.string(),
  network: z.string(),
  /** An own address per user, derived from the operator's watch-only key (else the shared address below). */
  own: z.boolean(),
  /** Deposits are detected on chain and credited automatically. */
  detection: z.boolean(),
  /** The shared receiving address, when this asset has no watch-only key. */
  address: z.string().nullable(),
});
export type DepositOption = z.infer<typeof depositOptionSchema>;
export const depositOptionsResponseSchema = z.object({ addresses: z.array(depositOptionSchema) });
export type DepositOptionsResponse = z.infer<typeof depositOptionsResponseSchema>;

/** GET /api/payments/deposit-address?asset=ASSET */
export const depositAddressQuerySchema = z.object({ asset: assetSymbolField });
export const depositAddressResponseSchema = z.object({
  asset: z.string(), network: z.string(), address: z.string(),
  confirmationsRequired: z.number().int(),
  own: z.boolean(),
  detection: z.boolean(),
  chainId: z.number().int().nullable(),
  /** Every asset this address receives (the EVM address takes ETH and each configured token). */
  acceptedAssets: z.array(z.string()),
});
export type DepositAddressResponse = z.infer<typeof depositAddressResponseSchema>;

export const ONCHAIN_DEPOSIT_STATUSES = ['Confirming', 'Credited', 'Awaiting review', 'Rejected', 'Dropped'] as const;
export type OnchainDepositStatus = (typeof ONCHAIN_DEPOSIT_STATUSES)[number];

/** A transfer the watcher saw arriving at a user's own address. */
export const onchainDepositSchema = z.object({
  _id: z.string(),
  asset: z.string(), network: z.string(), chainId: z.number().int(),
  txHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  /** In the asset's units, e.g. "250.5". */
  amount: z.string(),
  /** USD credited (USD-pegged tokens), null while unpriced. */
  usdAmount: z.string().nullable(),
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  status: z.enum(ONCHAIN_DEPOSIT_STATUSES),
  /** The deposit (DEP-…) it was credited as, or queued as for staff. */
  transactionId: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  seenAt: z.string(),
});
export type OnchainDepositView = z.infer<typeof onchainDepositSchema>;
export const onchainDepositsResponseSchema = z.object({ deposits: z.array(onchainDepositSchema) });
export type OnchainDepositsResponse = z.infer<typeof onchainDepositsResponseSchema>;

/** What the chain says of a deposit, shown to staff beside it. */
export const chainEvidenceSchema = z.object({
  status: z.enum(['confirmed', 'confirming', 'dropped', 'not-seen']),
  confirmations: z.number().int().nullable(),
  confirmationsRequired: z.number().int().nullable(),
  /** In the asset's units. */
  amount: z.string().nullable(),
  asset: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  explorerUrl: z.string().nullable(),
});
export type ChainEvidence = z.infer<typeof chainEvidenceSchema>;

/** The payout proof of an approved withdrawal. */
export const payoutProofSchema = z.object({
  txHash: z.string(),
  verified: z.boolean(),
  chainId: z.number().int().nullable(),
  blockNumber: z.number().int().nullable(),
  explorerUrl: z.string().nullable(),
});
export type PayoutProof = z.infer<typeof payoutProofSchema>;

export const TX_HASH_MESSAGE = 'Please enter a valid transaction hash';
/** A transaction hash as users and staff paste it: EVM 0x + 64 hex, or Bitcoin's 64 hex. */
export const txHashField = z
  .string({ error: TX_HASH_MESSAGE })
  .trim()
  .regex(/^(0x)?[0-9a-fA-F]{64}$/, TX_HASH_MESSAGE);

export const PAYMENT_SOURCES = ['reported', 'chain'] as const;
