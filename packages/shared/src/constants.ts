/** Business constants and limits from SPEC §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const ACCESS_CODE_LENGTH = 6;
export const PHONE_MIN_DIGITS = 2;
export const PHONE_MAX_DIGITS = 15;
export const KYC_MAX_FILE_BYTES = 10_485_760;
export const PROFILE_NAME_TRUNCATE = 10;
export const USER_CARD_NAME_TRUNCATE = 12;
export const TESTIMONIALS_SHOWN = 6;
export const TESTIMONIALS_TOTAL = 14;
export const LEADERSHIP_COUNT = 4;
export const FAQ_COUNT = 10;
export const REFERRAL_BONUS_MAX_CENTS = 500;
export const REFERRAL_BONUS_DEFAULT_BASIS_POINTS = 500;
export const MAX_SAVED_WALLETS = 2;
export const WITHDRAWAL_FLAG_BUSINESS_DAYS = 2;
/** Staff queues (deposits, withdrawals, investments, KYC) answer at most this many cases a page, oldest first (ADR 0011). */
export const STAFF_QUEUE_LIMIT = 500;
/** A staff queue's page when none is asked for; `nextCursor` reaches the rest (ADR 0019). */
export const STAFF_QUEUE_PAGE = 50;

export const TIMERS_MS = {
  splash: 3000,
  redirectAfterDepositOrWithdrawal: 3000,
  redirectAfterInvestment: 2000,
  redirectAfterKycUpload: 2000,
  redirectAfterVerification: 3000,
  contactMessageClear: 5000,
  toastAutoClose: 5000,
  heroTypingPerChar: 100,
  heroTypingPause: 2000,
  counterAnimation: 1000,
} as const;

export const STATISTICS_FALLBACK = {
  assets: '1,000,000+',
  satisfaction: '98%',
  countries: '30+',
  investors: '5,000+',
} as const;

export interface SeedPlan {
  name: string;
  roiPercent: number;
  minCents: number;
  maxCents: number;
  durationSeconds: number;
}

/** A UTC day in epoch milliseconds (epoch time has no leap seconds). */
export const DAY_MS = 86_400_000;
const DAY = DAY_MS / 1000;

/** SPEC §9 plan table, seeded into the database. */
export const SEED_PLANS: readonly SeedPlan[] = [
  { name: 'Basic', roiPercent: 8, minCents: 10_000, maxCents: 19_000, durationSeconds: DAY },
  { name: 'Standard', roiPercent: 10, minCents: 20_000, maxCents: 29_000, durationSeconds: DAY },
  { name: 'Premium', roiPercent: 15, minCents: 30_000, maxCents: 39_000, durationSeconds: DAY },
  { name: 'Elite', roiPercent: 18, minCents: 40_000, maxCents: 49_000, durationSeconds: DAY },
  { name: 'Diamond', roiPercent: 23, minCents: 50_000, maxCents: 60_000, durationSeconds: DAY },
  { name: 'Executive', roiPercent: 28, minCents: 70_000, maxCents: 100_000, durationSeconds: 2 * DAY },
];

export const SUPPORTED_ASSETS = ['BTC', 'ETH', 'USDT'] as const;
export type Asset = (typeof SUPPORTED_ASSETS)[number];
