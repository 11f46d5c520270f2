import { z } from 'zod';
import { centsFromDecimal, formatUsd, parseAmount } from '../money';
import { INVESTMENT_STATUSES } from '../roles';
import { decimalString, messageSchema, personSchema } from './common';

/** SPEC §5 and §8 texts for plans and investments, used by the server and the web alike. */
export const INVEST_MESSAGES = {
  selectPlan: 'Please select an investment plan.',
  amountRequired: 'Please enter an amount.',
  paymentError: 'Error processing payment.',
  plansFailed: 'Failed to fetch investment plans.',
  approved: 'Investment approved successfully!',
  rejected: 'Investment rejected successfully!',
  approveFailed: 'Failed to approve the investment.',
  rejectFailed: 'Failed to reject the investment.',
  submitted: 'Investment request submitted. It will start once approved.',
  upgradeSubmitted: 'Upgrade request submitted. It will take effect once approved.',
  planNotFound: 'Investment plan not found.',
  planRetired: 'This plan no longer accepts new investments.',
  alreadyDecided: 'This investment has already been decided.',
  notFound: 'Investment not found.',
} as const;

export const REFERRAL_MESSAGES = {
  none: 'No referrals',
  copied: 'Referral code copied to clipboard!',
  copyFailed: 'Failed to copy referral code.',
  /** The link has its own words: a toast never says "code" for the link. */
  linkCopied: 'Referral link copied to clipboard!',
  linkCopyFailed: 'Failed to copy referral link.',
  earn: 'earn up to $5 per referral',
} as const;

/** A plan returns at most 100% of the amount per term. */
export const MAX_ROI_BASIS_POINTS = 10_000;
/** A plan's term: at most 10 years; the server holds it to at least PLAN_MIN_TERM_SECONDS (1 hour). */
export const MAX_PLAN_DURATION_SECONDS = 10 * 365 * 86_400;
export const MAX_PLAN_BENEFITS = 8;

/** A percentage with at most two decimals ("8", 12.5) in basis points (8% = 800). */
export const roiBasisPoints = z.unknown().transform((value, ctx) => {
  const parsed = parseAmount(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: 'ROI must be a positive percentage with at most two decimals' });
    return z.NEVER;
  }
  if (parsed.cents > MAX_ROI_BASIS_POINTS) {
    ctx.addIssue({ code: 'custom', message: 'ROI must be at most 100% per term' });
    return z.NEVER;
  }
  return parsed.cents;
});

/** Request amount (number or decimal string) in cents, with the investment form's "required" text. */
const investAmount = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === '') {
    ctx.addIssue({ code: 'custom', message: INVEST_MESSAGES.amountRequired });
    return z.NEVER;
  }
  const parsed = parseAmount(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.cents;
});

const planRef = z.string().trim().max(100).optional();

/** POST /api/invest/start-invest. `token` is accepted for SPEC compatibility and ignored. */
export const startInvestSchema = z
  .object({
    amount: investAmount,
    planName: planRef,
    planId: planRef,
    token: z.unknown().optional(),
  })
  .refine((body) => Boolean(body.planName || body.planId), { message: INVEST_MESSAGES.selectPlan, path: ['planName'] });
export type StartInvestInput = z.input<typeof startInvestSchema>;

/** POST /api/invest/:id/upgrade: the higher plan and the top-up (zero allowed). */
export const upgradeInvestmentSchema = z
  .object({
    planName: planRef,
    planId: planRef,
    topUp: z.unknown().optional(),
  })
  .refine((body) => Boolean(body.planName || body.planId), { message: INVEST_MESSAGES.selectPlan, path: ['planName'] })
  .transform((body, ctx) => {
    let topUpCents = 0;
    if (body.topUp !== undefined && body.topUp !== null && body.topUp !== '' && body.topUp !== 0 && body.topUp !== '0') {
      const parsed = parseAmount(body.topUp);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message, path: ['topUp'] });
        return z.NEVER;
      }
      topUpCents = parsed.cents;
    }
    return { planName: body.planName, planId: body.planId, topUpCents };
  });
export type UpgradeInvestmentInput = z.input<typeof upgradeInvestmentSchema>;

const planAmount = z.unknown().transform((value, ctx) => {
  const parsed = parseAmount(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.cents;
});

const planFields = {
  name: z.string({ error: 'Plan name is required' }).trim().min(1, 'Plan name is required').max(60, 'Plan name must be at most 60 characters'),
  roiPercent: roiBasisPoints,
  minAmount: planAmount,
  maxAmount: planAmount,
  durationSeconds: z
    .number({ error: 'Duration must be a whole number of seconds' })
    .int('Duration must be a whole number of seconds')
    .min(1, 'Duration must be at least 1 second')
    .max(MAX_PLAN_DURATION_SECONDS, 'Duration is too long'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters'),
  benefits: z
    .array(z.string().trim().min(1).max(200), { error: 'Benefits must be a list of texts' })
    .max(MAX_PLAN_BENEFITS, `At most ${MAX_PLAN_BENEFITS} benefits`),
  retired: z.boolean(),
};

const rangeOk = (body: { minAmount?: number; maxAmount?: number }) =>
  body.minAmount === undefined || body.maxAmount === undefined || body.maxAmount > body.minAmount;
export const PLAN_RANGE_MESSAGE = 'The maximum amount must be above the minimum amount';

/** Staff: POST /api/invest/plans. */
export const createPlanSchema = z
  .object({
    ...planFields,
    description: planFields.description.default(''),
    benefits: planFields.benefits.default([]),
    retired: planFields.retired.default(false),
  })
  .refine(rangeOk, { message: PLAN_RANGE_MESSAGE, path: ['maxAmount'] });
export type CreatePlanInput = z.input<typeof createPlanSchema>;

/** Staff: PATCH /api/invest/plans/:id (any subset; `retired: true` retires the plan). */
export const updatePlanSchema = z
  .object({
    name: planFields.name.optional(),
    roiPercent: planFields.roiPercent.optional(),
    minAmount: planFields.minAmount.optional(),
    maxAmount: planFields.maxAmount.optional(),
    durationSeconds: planFields.durationSeconds.optional(),
    description: planFields.description.optional(),
    benefits: planFields.benefits.optional(),
    retired: planFields.retired.optional(),
  })
  .refine(rangeOk, { message: PLAN_RANGE_MESSAGE, path: ['maxAmount'] });
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;

// ---------- Answers ----------

/** GET /api/invest/plans item. Money as decimal strings; rates as percentages. */
export const planViewSchema = z.object({
  _id: z.string(), name: z.string(),
  /** Term rate in percent, e.g. 8 or 12.5. */
  roiPercent: z.number(),
  /** The term rate annualised without compounding (roi x 365 days / term), two decimals. */
  annualRatePercent: z.number(),
  minAmount: decimalString,
  maxAmount: decimalString,
  durationSeconds: z.number(),
  description: z.string(),
  benefits: z.array(z.string()),
  retired: z.boolean(),
});
export type PlanView = z.infer<typeof planViewSchema>;
export const planListSchema = z.array(planViewSchema);

/** An investment as the API returns it (SPEC §3 Investment); staff queues add its user. */
export const investmentViewSchema = z.object({
  _id: z.string(),
  investmentId: z.string(),
  /** Plan name. */
  plan: z.string(),
  planId: z.string(),
  roiPercent: z.number(),
  durationSeconds: z.number(),
  amount: decimalString,
  status: z.enum(INVESTMENT_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Profit credited at the end (SPEC "maturityAmount"); the expected profit before then. */
  maturityAmount: decimalString,
  /** Principal + profit the wallet receives at the end. */
  expectedPayout: decimalString,
  kind: z.enum(['new', 'upgrade']),
  upgradeFrom: z.string().nullable(),
  upgradedTo: z.string().nullable(),
  topUp: decimalString,
  endReason: z.enum(['matured', 'upgraded']).nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  user: personSchema.extend({ balance: decimalString, availableBalance: decimalString }).optional(),
});
export type InvestmentView = z.infer<typeof investmentViewSchema>;
export const investmentListSchema = z.array(investmentViewSchema);
export const pendingInvestmentListSchema = z.object({ pendingInvestments: z.array(investmentViewSchema), nextCursor: z.string().nullable() });
export type PendingInvestmentList = z.infer<typeof pendingInvestmentListSchema>;

/** A request, upgrade or staff decision: the message to show and the investment as it now is. */
export const investmentAnswerSchema = messageSchema.extend({ investment: investmentViewSchema });
export type InvestmentAnswer = z.infer<typeof investmentAnswerSchema>;

/** GET /api/invest/deposit-maturity. */
export const maturityAnswerSchema = messageSchema.extend({ matured: z.number() });
export type MaturityAnswer = z.infer<typeof maturityAnswerSchema>;

export const referralViewSchema = personSchema.extend({
  photo: z.string().nullable(),
  joinedAt: z.string(),
  /** Bonus earned for this referral, null until their first deposit is confirmed. */
  bonus: decimalString.nullable(),
});
export type ReferralView = z.infer<typeof referralViewSchema>;

/** GET /api/users/referrals: the caller's code, link path, bonus terms and referred users. */
export const referralsAnswerSchema = z.object({
  referrals: z.array(referralViewSchema),
  /** 'No referrals' when there are none. */
  message: z.string().optional(),
  referralCode: z.string(),
  referralPath: z.string(),
  bonusPercent: z.number(),
  bonusCap: decimalString,
  totalBonus: decimalString,
});
export type ReferralsAnswer = z.infer<typeof referralsAnswerSchema>;

/** What the server refuses beyond the available balance (the ledger's hold). */
export const INSUFFICIENT_AVAILABLE_BALANCE = 'Insufficient available balance';

/** A plan's accepted range as the server words its refusal. */
export function planRangeMessage(plan: { name: string; minAmount: string; maxAmount: string }): string {
  return `The ${plan.name} plan accepts ${formatUsd(centsFromDecimal(plan.minAmount))} to ${formatUsd(centsFromDecimal(plan.maxAmount))}`;
}

/** The refusal of an amount above the available balance, with what is available. */
export function insufficientBalanceMessage(availableCents: number): string {
  return `${INSUFFICIENT_AVAILABLE_BALANCE}: you have ${formatUsd(availableCents)} available.`;
}

/**
 * Why `amountCents` cannot go into `plan` now (its range, then the available balance), or
 * null. The server refuses the same (the plan's range, then the ledger's hold).
 */
export function investAmountProblem(
  amountCents: number,
  plan: { name: string; minAmount: string; maxAmount: string },
  availableCents: number | null,
): string | null {
  if (amountCents < centsFromDecimal(plan.minAmount) || amountCents > centsFromDecimal(plan.maxAmount)) return planRangeMessage(plan);
  if (availableCents !== null && amountCents > availableCents) return insufficientBalanceMessage(availableCents);
  return null;
}

type PlanRange = { _id: string; name: string; minAmount: string; maxAmount: string };

/**
 * The start-invest form (react-hook-form): a plan, an amount in its range and within the
 * available balance (null while it is loading: the server checks it anyway). Output: the plan
 * and the amount in cents.
 */
export function startInvestFormSchema(plans: readonly PlanRange[], availableCents: number | null) {
  return z
    .object({ planId: z.string(), amount: z.string() })
    .transform((values, ctx) => {
      const plan = plans.find((item) => item._id === values.planId);
      if (!plan) ctx.addIssue({ code: 'custom', path: ['planId'], message: INVEST_MESSAGES.selectPlan });
      if (!values.amount.trim()) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: INVEST_MESSAGES.amountRequired });
        return z.NEVER;
      }
      const parsed = parseAmount(values.amount);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: parsed.message });
        return z.NEVER;
      }
      if (!plan) return z.NEVER;
      const problem = investAmountProblem(parsed.cents, plan, availableCents);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
        return z.NEVER;
      }
      return { plan, amountCents: parsed.cents };
    });
}
export type StartInvestFormValues = z.input<ReturnType<typeof startInvestFormSchema>>;

/**
 * The upgrade form: a higher plan, and a top-up (empty for none) within the available
 * balance that brings the principal into the new plan's range (the server's words).
 */
export function upgradeFormSchema(plans: readonly PlanRange[], principalCents: number, availableCents: number | null) {
  return z
    .object({ planId: z.string(), topUp: z.string() })
    .transform((values, ctx) => {
      const plan = plans.find((item) => item._id === values.planId);
      if (!plan) ctx.addIssue({ code: 'custom', path: ['planId'], message: INVEST_MESSAGES.selectPlan });
      let topUpCents = 0;
      const text = values.topUp.trim();
      if (text !== '' && !/^0+(\.0{1,2})?$/.test(text)) {
        const parsed = parseAmount(text);
        if (!parsed.ok) {
          ctx.addIssue({ code: 'custom', path: ['topUp'], message: parsed.message });
          return z.NEVER;
        }
        topUpCents = parsed.cents;
      }
      if (!plan) return z.NEVER;
      const total = principalCents + topUpCents;
      if (total < centsFromDecimal(plan.minAmount) || total > centsFromDecimal(plan.maxAmount)) {
        ctx.addIssue({
          code: 'custom',
          path: ['topUp'],
          message: `${planRangeMessage(plan)}; your ${formatUsd(principalCents)} plus the top-up gives ${formatUsd(total)}`,
        });
        return z.NEVER;
      }
      if (availableCents !== null && topUpCents > availableCents) {
        ctx.addIssue({ code: 'custom', path: ['topUp'], message: insufficientBalanceMessage(availableCents) });
        return z.NEVER;
      }
      return { plan, topUpCents };
    });
}
export type UpgradeFormValues = z.input<ReturnType<typeof upgradeFormSchema>>;
