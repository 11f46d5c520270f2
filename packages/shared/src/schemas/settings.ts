import { z } from 'zod';
import { REFERRAL_BONUS_DEFAULT_BASIS_POINTS, REFERRAL_BONUS_MAX_CENTS } from '../constants';
import { assetSymbolField, evmTokenListSchema } from './chain';

/** Every operator setting, with the defaults a fresh install starts from. */
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
      flatCents: z.number().int().min(0).max(100_000).default(0),
      basisPoints: z.number().int().min(0).max(5_000).default(0),
    })
    .default({ flatCents: 0, basisPoints: 0 }),
  referralBonus: z
    .object({
      basisPoints: z.number().int().min(0).max(10_000).default(REFERRAL_BONUS_DEFAULT_BASIS_POINTS),
      capCents: z.number().int().min(0).max(REFERRAL_BONUS_MAX_CENTS).default(REFERRAL_BONUS_MAX_CENTS),
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
  chartServiceUrl: z.string().max(500).default(''),
  riskNotice: z
    .string()
    .max(2000)
    .default(
      'Investing involves risk, including the possible loss of principal. Past returns do not guarantee future results. ' +
        'Crypto assets are volatile and are not protected by deposit insurance. Only invest what you can afford to lose.',
    ),
  requireStaffTwoFactor: z.boolean().default(false),
  /** Adjustments and withdrawal approvals above this many cents need a second staff member (four eyes). */
  fourEyesThresholdCents: z.number().int().min(0).max(1_000_000_000).default(100_000),
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
