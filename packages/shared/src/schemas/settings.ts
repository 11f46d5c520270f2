import { z } from 'zod';
import { REFERRAL_BONUS_DEFAULT_BASIS_POINTS, REFERRAL_BONUS_MAX_CENTS } from '../constants';
import { formatUsd, hundredthsFromDecimal } from '../money';
import { assetSymbolField, evmTokenListSchema, TOKEN_DECIMALS_MESSAGE } from './chain';
import { isExplorerTemplate, isHttpsUrl, isWhatsappLink, whatsappLink } from './links';

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
  explorerUrl: 'The explorer link must be an https:// URL containing {hash}',
  chatUrl: 'The live chat link must be an https:// URL',
  chartUrl: 'The chart service address must be an https:// URL',
  whatsapp: 'The WhatsApp link must be a https://wa.me/ link or a phone number in international form',
} as const;

/** The refusal of a social link that is not an https URL (its network's name in it). */
export function socialLinkMessage(network: string): string {
  return `The ${network} link must be an https:// URL`;
}

/** The product's own risk notice (each visitor reads it in their language until staff write their own). */
export const DEFAULT_RISK_NOTICE =
  'Investing involves risk, including the possible loss of principal. Past returns do not guarantee future results. ' +
  'Crypto assets are volatile and are not protected by deposit insurance. Only invest what you can afford to lose.';

/** The social networks the footer can link to (SPEC §2), in the order it shows them. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'whatsapp', 'x'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** What a URL setting must be; `normalize` turns what an admin may type into the stored form first. */
interface UrlRule {
  message: string;
  isValid: (value: string) => boolean;
  normalize?: (value: string) => string;
  max?: number;
}

const httpsRule = (message: string): UrlRule => ({ message, isValid: isHttpsUrl });

/** How the settings' URLs are read: what an admin sends, or what is already stored. */
type UrlField = (rule: UrlRule) => z.ZodType<string, string>;

/** An admin's value: empty (not set) or valid, else 400 with the rule's message. */
const sentUrl: UrlField = ({ message, isValid, normalize, max = 500 }) =>
  z
    .string()
    .trim()
    .overwrite((value) => (normalize && value ? normalize(value) : value))
    .refine((value) => value === '' || (value.length <= max && isValid(value)), message);

/** A stored value: one saved before its rule (a `javascript:` chart address) reads as not set, so no page ever gets it. */
const storedUrl: UrlField = ({ isValid, max = 500 }) =>
  z
    .string()
    .trim()
    .transform((value) => (value.length <= max && isValid(value) ? value : ''));

const urlRules = {
  explorer: { message: SETTINGS_MESSAGES.explorerUrl, isValid: isExplorerTemplate, max: 300 },
  chat: httpsRule(SETTINGS_MESSAGES.chatUrl),
  chart: httpsRule(SETTINGS_MESSAGES.chartUrl),
  social: {
    facebook: httpsRule(socialLinkMessage('Facebook')),
    instagram: httpsRule(socialLinkMessage('Instagram')),
    linkedin: httpsRule(socialLinkMessage('LinkedIn')),
    whatsapp: { message: SETTINGS_MESSAGES.whatsapp, isValid: isWhatsappLink, normalize: whatsappLink },
    x: httpsRule(socialLinkMessage('X')),
  } satisfies Record<SocialNetwork, UrlRule>,
};

const NO_SOCIAL_LINKS: Record<SocialNetwork, string> = { facebook: '', instagram: '', linkedin: '', whatsapp: '', x: '' };

/** Every operator setting, with the defaults a fresh install starts from; `url` is how its URLs are read. */
function settingsShape(url: UrlField) {
  return {
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
    explorerTxUrl: url(urlRules.explorer).default(''),
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
        chatEmbedUrl: url(urlRules.chat).default(''),
        /** Opening hours as written, e.g. "24/7" or "Mon-Fri 9:00-18:00 CET"; empty claims none. */
        hours: z.string().trim().max(100).default(''),
      })
      .default({ phone: '', email: '', chatEmbedUrl: '', hours: '' }),
    chartServiceUrl: url(urlRules.chart).default(''),
    /** The operator's pages on each network: the footer links only to those set (WhatsApp as a wa.me link). */
    social: z
      .object(
        Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, url(urlRules.social[network]).default('')])) as Record<
          SocialNetwork,
          z.ZodDefault<z.ZodType<string, string>>
        >,
      )
      .default(NO_SOCIAL_LINKS),
    /** Who runs the platform (PRODUCT §4), shown in the footer and on /support where set. */
    operator: z
      .object({
        legalName: z.string().trim().max(200).default(''),
        address: z.string().trim().max(500).default(''),
        registrationNumber: z.string().trim().max(100).default(''),
        regulator: z.string().trim().max(200).default(''),
      })
      .default({ legalName: '', address: '', registrationNumber: '', regulator: '' }),
    riskNotice: z.string().max(2000).default(DEFAULT_RISK_NOTICE),
    requireStaffTwoFactor: z.boolean().default(false),
    /** Adjustments and withdrawal approvals above this many cents need a second staff member (four eyes). */
    fourEyesThresholdCents: hundredthsRule(1_000_000_000, SETTINGS_MESSAGES.fourEyes).default(100_000),
  };
}

/** The settings as admins send them and the API answers them. */
export const settingsSchema = z.object(settingsShape(sentUrl));

/** The settings as the database holds them: a URL stored before its rule existed reads as not set. */
export const storedSettingsSchema = z.object(settingsShape(storedUrl));

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
    social: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, z.string()])) as Record<SocialNetwork, z.ZodString>),
    operator: z.object({ legalName: z.string(), address: z.string(), registrationNumber: z.string(), regulator: z.string() }),
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
