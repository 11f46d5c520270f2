import { z } from 'zod';
import { REFERRAL_BONUS_DEFAULT_BASIS_POINTS, REFERRAL_BONUS_MAX_CENTS } from '../constants';
import { formatUsd, hundredthsFromDecimal } from '../money';
import { assetSymbolField, evmTokenListSchema, TOKEN_DECIMALS_MESSAGE } from './chain';

/** The rule of a setting kept in hundredths (cents, basis points): a whole number from 0 to `max`, else `message`. */
const hundredthsRule = (max: number, message: string) => z.number().int(message).min(0, message).max(max, message);

/** The settings' own messages, shared by the server's refusals and the settings form. */
export const SETTINGS_MESSAGES = {
  hundredths: 'Enter a number with at most two decimals',
  flatFee: `The flat withdrawal fee must be from $0.00 to ${formatUsd(100_000)}`,
  feeRate: 'The withdrawal fee rate must be from 0% to 50%',
  bonusRate: 'The referral bonus rate must be from 0% to 100%',
  bonusCap: `The referral bonus cap must be from $0.00 to ${formatUsd(REFERRAL_BONUS_MAX_CENTS)}`,
  fourEyes: `The second-approval threshold must be from $0.00 to ${formatUsd(1_000_000_000)}`,
} as const;

/** Every operator setting, with the defaults a fresh install starts from. */
/** The product's own risk notice (each visitor reads it in their language until staff write their own). */
export const DEFAULT_RISK_NOTICE =
  'Investing involves risk, including the possible loss of principal. Past returns do not guarantee future results. ' +
  'Crypto assets are volatile and are not protected by deposit insurance. Only invest what you can afford to lose.';

export const settingsSchema = z.object({
  /** Shared receiving address per asset, for assets whose network has no watch-only key. */
  depositAddresses: z.record(assetSymbolField, z.string().trim().max(200)).default({}),
  /**
   * Watch-only extended public keys per network (PRODUCT §1.11): each user gets an own
   * deposit address derived from them. Checked by the server (chain/keys.ts) before they are stored.
   */
  watchKeys: z
    .object({ evm: z.string().trim().max(200).optional(), btc: z.string().trim().max(200).optional() })
    .default({}),
  /** ERC-20 tokens received on the EVM network; each symbol is an asset for deposits and withdrawals. */
  evmTokens: evmTokenListSchema.default([]),
  /** Block-explorer transaction link with {hash}, e.g. https://etherscan.io/tx/{hash}. */
  explorerTxUrl: z
    .string()
    .trim()
    .max(300)
    .refine((value) => value === '' || /^https?:\/\/\S+\{hash\}/.test(value), 'The explorer link must be an http(s) URL containing {hash}')
    .default(''),
  withdrawalFee: z
    .object({
      flatCents: hundredthsRule(100_000, SETTINGS_MESSAGES.flatFee).default(0),
      basisPoints: hundredthsRule(5_000, SETTINGS_MESSAGES.feeRate).default(0),
    })
    .default({ flatCents: 0, basisPoints: 0 }),
  referralBonus: z
    .object({
      basisPoints: hundredthsRule(10_000, SETTINGS_MESSAGES.bonusRate).default(REFERRAL_BONUS_DEFAULT_BASIS_POINTS),
      capCents: hundredthsRule(REFERRAL_BONUS_MAX_CENTS, SETTINGS_MESSAGES.bonusCap).default(REFERRAL_BONUS_MAX_CENTS),
    })
    .default({ basisPoints: REFERRAL_BONUS_DEFAULT_BASIS_POINTS, capCents: REFERRAL_BONUS_MAX_CENTS }),
  /**
   * Support channels as the operator runs them. Only what is set is claimed anywhere (FAQ,
   * Help Center, suspended notice): a fresh install claims the contact form alone.
   */
  support: z
    .object({
      phone: z.string().trim().max(50).default(''),
      email: z.string().trim().max(254).default(''),
      chatEmbedUrl: z.string().trim().max(500).default(''),
      /** Opening hours as written, e.g. "24/7" or "Mon-Fri 9:00-18:00 CET"; empty claims none. */
      hours: z.string().trim().max(100).default(''),
    })
    .default({ phone: '', email: '', chatEmbedUrl: '', hours: '' }),
  chartServiceUrl: z.string().trim().max(500).default(''),
  riskNotice: z.string().max(2000).default(DEFAULT_RISK_NOTICE),
  requireStaffTwoFactor: z.boolean().default(false),
  /** Adjustments and withdrawal approvals above this many cents need a second staff member (four eyes). */
  fourEyesThresholdCents: hundredthsRule(1_000_000_000, SETTINGS_MESSAGES.fourEyes).default(100_000),
});

export type Settings = z.infer<typeof settingsSchema>;

/**
 * A change to some settings (PUT /api/admin/settings): each key optional and without its
 * default, so keys left out stay as they are rather than being reset.
 */
export const settingsPatchSchema = z.object(
  Object.fromEntries(Object.entries(settingsSchema.shape).map(([key, field]) => [key, field.unwrap().optional()])) as {
    [K in keyof typeof settingsSchema.shape]: z.ZodOptional<ReturnType<(typeof settingsSchema.shape)[K]['unwrap']>>;
  },
);
export type SettingKey = keyof Settings;

/** The assets that can be received: BTC and ETH always, the configured tokens, or USDT (the spec's third asset) while none is configured. */
export function settingsAssets(tokens: readonly { symbol: string }[]): string[] {
  const symbols = tokens.map((token) => token.symbol.trim().toUpperCase()).filter(Boolean);
  return ['BTC', 'ETH', ...(symbols.length ? symbols : ['USDT'])];
}

/** "12.5" typed as dollars or percent -> 1250 hundredths (cents, basis points); empty is 0. */
const hundredthsText = z.string().transform((text, ctx) => {
  const value = text.trim();
  if (value === '') return 0;
  const hundredths = hundredthsFromDecimal(value);
  if (hundredths === undefined) {
    ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.hundredths });
    return z.NEVER;
  }
  return hundredths;
});

/** A token's decimals as typed: a whole number (its range is evmTokenSchema's). */
const wholeNumberText = z.string().transform((text, ctx) => {
  const value = text.trim();
  if (!/^\d{1,3}$/.test(value)) {
    ctx.addIssue({ code: 'custom', message: TOKEN_DECIMALS_MESSAGE });
    return z.NEVER;
  }
  return Number(value);
});

/**
 * The admin settings form: the settings' own shape, amounts typed in dollars and percent (two
 * decimals), every field a string as inputs give it. It yields the patch PUT /api/admin/settings
 * takes and checks it with that route's schema (settingsPatchSchema), so the form and the
 * server apply one rule, and a refusal lands on the field of the same name.
 */
export const settingsFormSchema = z
  .object({
    depositAddresses: z.record(z.string(), z.string()),
    watchKeys: z.object({ evm: z.string(), btc: z.string() }),
    evmTokens: z.array(z.object({ symbol: z.string(), contract: z.string(), decimals: wholeNumberText, usd: z.boolean() })),
    explorerTxUrl: z.string(),
    withdrawalFee: z.object({ flatCents: hundredthsText, basisPoints: hundredthsText }),
    referralBonus: z.object({ basisPoints: hundredthsText, capCents: hundredthsText }),
    support: z.object({ phone: z.string(), email: z.string(), chatEmbedUrl: z.string(), hours: z.string() }),
    chartServiceUrl: z.string(),
    riskNotice: z.string(),
    requireStaffTwoFactor: z.boolean(),
    fourEyesThresholdCents: hundredthsText,
  })
  .transform(({ depositAddresses, watchKeys, ...form }): z.input<typeof settingsPatchSchema> => {
    // Addresses of assets no longer listed are dropped; empty ones and keys are left unset.
    const assets = new Set(settingsAssets(form.evmTokens));
    return {
      ...form,
      depositAddresses: Object.fromEntries(
        Object.entries(depositAddresses)
          .map(([asset, address]) => [asset, address.trim()] as const)
          .filter(([asset, address]) => assets.has(asset) && address !== ''),
      ),
      watchKeys: Object.fromEntries(Object.entries(watchKeys).filter(([, key]) => key.trim() !== '')),
    };
  })
  .pipe(settingsPatchSchema);
export type SettingsFormValues = z.input<typeof settingsFormSchema>;
