import { z } from 'zod';
import { assetsForAddress, isValidAddress } from '../addresses';
import { applyBasisPoints, formatUsd, parseAmount } from '../money';
import { PAYMENT_STATUSES, WITHDRAWAL_STATUSES } from '../roles';
import { approvalViewSchema } from './approvals';
import { insufficientBalanceMessage } from './invest';
import { assetSymbolField, CHAIN_NETWORKS, chainEvidenceSchema, PAYMENT_SOURCES, payoutProofSchema, txHashField } from './chain';
import { userViewSchema } from './auth';
import { amountCents, decimalString, messageSchema, personSchema, textField } from './common';

/** An asset symbol; which assets are open is the server's catalogue (BTC, ETH and the configured tokens). */
export const assetField = assetSymbolField;

/** POST /api/payments/create: the USD amount sent, optionally the asset and transaction hash. */
export const paymentCreateSchema = z.object({
  amount: amountCents,
  asset: assetField.optional(),
  txHash: z
    .string({ error: 'Transaction hash must be text' })
    .trim()
    .max(200, 'Transaction hash is too long')
    .refine((value) => value === '' || /^(0x)?[A-Za-z0-9]{16,128}$/.test(value), 'Please enter a valid transaction hash')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;

/** A deposit as the API answers it (GET viewPaymentStatus, the staff queue, decisions). */
export const paymentViewSchema = z.object({
  _id: z.string(),
  transactionId: z.string(),
  amount: z.string(),
  asset: z.string().nullable(),
  txHash: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  notes: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  user: personSchema,
  /** 'reported' by the user, or 'chain': detected at the user's own address. */
  source: z.enum(PAYMENT_SOURCES),
  /** What the chain shows of it where a chain is watched. */
  chain: chainEvidenceSchema.nullable(),
  explorerUrl: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;
export const paymentAnswerSchema = messageSchema.extend({ transaction: paymentViewSchema });
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** PATCH /api/payments/confirmPayment | rejectPayment. */
export const paymentDecisionSchema = z.object({
  transactionId: z.string({ error: 'Transaction ID is missing!' }).trim().min(1, 'Transaction ID is missing!').max(64),
  status: z.string().max(20).optional(),
  notes: textField(1000, 'Notes must be at most 1000 characters').optional(),
  /** The USD value staff confirm, for a deposit detected on chain in an asset that is not USD-pegged. */
  amount: amountCents.optional(),
});

export const INVALID_WALLET_ADDRESS = 'Please enter a valid wallet address for the selected asset';

/** POST /api/withDraw/create. Without asset, the address must be valid for one supported asset. */
export const withdrawalCreateSchema = z
  .object({
    amount: amountCents,
    walletAddress: z.string({ error: 'Wallet address is required' }).trim().min(1, 'Wallet address is required').max(120, INVALID_WALLET_ADDRESS),
    asset: assetField.optional(),
  })
  .superRefine((value, ctx) => {
    const ok = value.asset ? isValidAddress(value.asset, value.walletAddress) : assetsForAddress(value.walletAddress).length > 0;
    if (!ok) ctx.addIssue({ code: 'custom', path: ['walletAddress'], message: INVALID_WALLET_ADDRESS });
  })
  .transform((value) => ({ ...value, asset: value.asset ?? assetsForAddress(value.walletAddress)[0]! }));
export type WithdrawalCreateInput = z.input<typeof withdrawalCreateSchema>;

export const withdrawalDecisionSchema = z.object({
  notes: textField(1000, 'Notes must be at most 1000 characters').optional(),
  /** The payout transaction (approval); required and checked on chain where the asset's network has an RPC. */
  txHash: txHashField.optional(),
});

/** A withdrawal as the API answers it. */
export const withdrawalViewSchema = z.object({
  _id: z.string(),
  user: personSchema,
  amount: z.string(),
  fee: z.string(),
  netAmount: z.string(),
  asset: z.string(),
  walletAddress: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  notes: z.string().nullable(),
  requestDate: z.string(),
  decidedAt: z.string().nullable(),
  /** Whole hours since the request. */
  ageHours: z.number(),
  /** Pending for longer than two business days (FAQ: processed in 1-2 business days). */
  overdue: z.boolean(),
  /** The payout transaction of an approved withdrawal, verified on chain where the network is watched. */
  payout: payoutProofSchema.nullable(),
  /** Approving it takes the payout transaction hash, checked on chain (its network is watched). */
  payoutOnChain: z.boolean(),
  /** Above the four-eyes threshold: two staff members approve it (the second pays out). */
  needsTwoApprovers: z.boolean(),
  /** The first staff member's approval, waiting for a second. */
  secondApproval: approvalViewSchema.nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;
export const withdrawalAnswerSchema = messageSchema.extend({ withdrawal: withdrawalViewSchema });
export type WithdrawalAnswer = z.infer<typeof withdrawalAnswerSchema>;
/** PUT approve/reject: above the four-eyes threshold the first approval answers 202 with the recorded request. */
export const withdrawalDecisionAnswerSchema = withdrawalAnswerSchema.extend({ pendingApproval: approvalViewSchema.nullable() });
export type WithdrawalDecisionAnswer = z.infer<typeof withdrawalDecisionAnswerSchema>;

/** A saved withdrawal address (at most two per user). */
export const savedWalletSchema = z
  .object({
    asset: assetField,
    address: z.string({ error: 'Wallet address is required' }).trim().min(1, 'Wallet address is required').max(120, INVALID_WALLET_ADDRESS),
    label: z.string().trim().max(40, 'Label must be at most 40 characters').optional(),
  })
  .superRefine((value, ctx) => {
    if (!isValidAddress(value.asset, value.address)) ctx.addIssue({ code: 'custom', path: ['address'], message: INVALID_WALLET_ADDRESS });
  });
export type SavedWalletInput = z.input<typeof savedWalletSchema>;

export const feesToggleSchema = z.object({
  hasFees: z.boolean({ error: 'hasFees must be true or false' }),
  reason: textField(500).optional(),
});

export const HISTORY_TYPES = ['Transaction', 'Investment', 'Withdrawal', 'Adjustment'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** How the history page and its CSV export name each type (English; the page translates it). */
export const HISTORY_TYPE_LABELS: Record<HistoryType, string> = { Transaction: 'Deposit', Investment: 'Investment', Withdrawal: 'Withdrawal', Adjustment: 'Adjustment' };

/**
 * An item's amount as the history shows it, in the page and in the CSV alike: withdrawals and
 * investments as money leaving the balance (negative), deposits and adjustments as they are
 * (an adjustment's amount carries its own sign), whatever the status (a pending deposit shows
 * its amount, with its status beside it).
 */
export function historyShownAmount(type: HistoryType, amount: string): string {
  if (type !== 'Withdrawal' && type !== 'Investment') return amount;
  return amount.startsWith('-') || /^0(\.0+)?$/.test(amount) ? amount : `-${amount}`;
}

/** GET /api/invest/getTransactionHistory query. */
export const historyQuerySchema = z.object({
  type: z.enum(HISTORY_TYPES, { error: `Type must be one of ${HISTORY_TYPES.join(', ')}` }).optional(),
  status: z.string().trim().max(20).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  format: z.enum(['json', 'csv']).default('json'),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** The withdrawal fee schedule (staff setting): a flat part plus basis points of the amount. */
export interface WithdrawalFeeSchedule {
  flatCents: number;
  basisPoints: number;
}

/** Fee for a withdrawal of `amountCents`; the address receives amount - fee. */
export function withdrawalFeeCents(amountCents: number, schedule: WithdrawalFeeSchedule): number {
  return schedule.flatCents + applyBasisPoints(amountCents, schedule.basisPoints);
}

/** The server's refusal of an amount the fee would swallow. */
export function withdrawalFeeMessage(feeCents: number): string {
  return `The amount must be larger than the withdrawal fee (${formatUsd(feeCents)})`;
}

/** What the withdraw form knows of the account: the available balance and the fee schedule. */
export interface WithdrawalLimits {
  availableCents: number;
  fee: WithdrawalFeeSchedule;
}

/**
 * Why a withdrawal of `amountCents` cannot be requested, or null. The fee is taken from the
 * amount, so the amount (fee included) is what is held: it must exceed the fee and fit the
 * available balance. The server refuses the same (its fee check, then the ledger's hold).
 */
export function withdrawalAmountProblem(amountCents: number, limits: WithdrawalLimits): string | null {
  const fee = withdrawalFeeCents(amountCents, limits.fee);
  if (fee >= amountCents) return withdrawalFeeMessage(fee);
  if (amountCents > limits.availableCents) return insufficientBalanceMessage(limits.availableCents);
  return null;
}

/**
 * The withdraw form's review step (react-hook-form): the request's rules (amount, an address
 * valid for the asset) plus the amount against the fee and the available balance, so the
 * confirmation never shows an amount that cannot be withdrawn.
 */
export function withdrawalReviewSchema(limits: WithdrawalLimits) {
  return z
    .object({ asset: assetField, walletAddress: z.string().trim(), amount: z.string() })
    .transform((value, ctx) => {
      if (!value.walletAddress) ctx.addIssue({ code: 'custom', path: ['walletAddress'], message: 'Wallet address is required' });
      else if (value.walletAddress.length > 120 || !isValidAddress(value.asset, value.walletAddress)) {
        ctx.addIssue({ code: 'custom', path: ['walletAddress'], message: INVALID_WALLET_ADDRESS });
      }
      const parsed = parseAmount(value.amount);
      const problem = parsed.ok ? withdrawalAmountProblem(parsed.cents, limits) : parsed.message;
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
      if (!parsed.ok || problem || ctx.issues.length > 0) return z.NEVER;
      const feeCents = withdrawalFeeCents(parsed.cents, limits.fee);
      return { asset: value.asset, walletAddress: value.walletAddress, amountCents: parsed.cents, feeCents, netCents: parsed.cents - feeCents };
    });
}
export type WithdrawalReviewValues = z.input<ReturnType<typeof withdrawalReviewSchema>>;
// ---------- Answers ----------

/** The staff edit pages' view of a user: who they are and their ledger figures. */
export const moneySummarySchema = userViewSchema.pick({ _id: true, name: true, email: true, role: true, hasFees: true, balance: true, availableBalance: true, investmentBalance: true, totalMaturityAmount: true, fees: true });
export type MoneySummary = z.infer<typeof moneySummarySchema>;

/** PUT /api/users/<adjustment>/:id: 200 done, or 202 with the request waiting for a second staff member. */
export const adjustAnswerSchema = messageSchema.extend({ user: moneySummarySchema, pendingApproval: approvalViewSchema.nullable() });
export type AdjustAnswer = z.infer<typeof adjustAnswerSchema>;
export const feesToggleAnswerSchema = messageSchema.extend({ user: moneySummarySchema });
export type FeesToggleAnswer = z.infer<typeof feesToggleAnswerSchema>;

/** The dashboard's balance over time: see `dailyBalances` (balance-series.ts) for the days between changes. */
export const balanceSeriesSchema = z.object({
  /** First day of the window, YYYY-MM-DD (UTC). */
  from: z.string(),
  /** Last day of the window (today on the server), YYYY-MM-DD (UTC). */
  to: z.string(),
  /** End-of-day balances, oldest first: `from` always, then each later day whose balance changed. */
  changes: z.array(z.object({ date: z.string(), balance: decimalString })),
});
export type BalanceSeries = z.infer<typeof balanceSeriesSchema>;

/**
 * GET /api/money/dashboard: the signed-in user's figures (from the ledger), balance over the last
 * 30 days, and the deposits they reported that staff have not confirmed yet (in no balance until then).
 */
export const dashboardSchema = userViewSchema
  .pick({ balance: true, availableBalance: true, investmentBalance: true, totalMaturityAmount: true, fees: true, hasFees: true, isVerified: true, kycStatus: true })
  .extend({ series: balanceSeriesSchema, pendingDeposits: z.object({ count: z.number().int(), amount: decimalString }) });
export type DashboardData = z.infer<typeof dashboardSchema>;

/**
 * One transaction history item (SPEC §3): the common fields, then each type's own. Amounts
 * are unsigned decimal strings; `type` says which way they move the balance.
 */
export const historyItemSchema = z.object({
  _id: z.string(),
  type: z.enum(HISTORY_TYPES),
  status: z.string(),
  description: z.string(),
  timestamp: z.string(),
  amount: decimalString,
  createdAt: z.string().optional(),
  asset: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  // Transaction (deposit)
  transactionId: z.string().optional(),
  txHash: z.string().nullable().optional(),
  source: z.string().optional(),
  explorerUrl: z.string().nullable().optional(),
  // Withdrawal
  fee: decimalString.optional(),
  netAmount: decimalString.optional(),
  walletAddress: z.string().optional(),
  payoutTxHash: z.string().nullable().optional(),
  payoutVerified: z.boolean().optional(),
  payoutBlockNumber: z.number().nullable().optional(),
  payoutExplorerUrl: z.string().nullable().optional(),
  requestDate: z.string().optional(),
  // Adjustment
  kind: z.string().optional(),
  label: z.string().optional(),
  reason: z.string().nullable().optional(),
  // Investment
  investmentId: z.string().optional(),
  plan: z.string().optional(),
  planId: z.string().optional(),
  maturityAmount: decimalString.optional(),
  startDate: z.string().nullable().optional(),
  endDate: z.string().nullable().optional(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
/** GET /api/invest/getTransactionHistory (JSON): a page, newest first, and the cursor of the next. */
export const historyPageSchema = z.object({ history: z.array(historyItemSchema), nextCursor: z.string().nullable() });
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const pendingPaymentListSchema = z.array(paymentViewSchema);
export const pendingWithdrawalListSchema = z.object({ withdrawals: z.array(withdrawalViewSchema), nextCursor: z.string().nullable() });
export type PendingWithdrawalList = z.infer<typeof pendingWithdrawalListSchema>;

/** GET /api/withDraw/fees: the schedule, in cents and basis points and as shown. */
export const feeScheduleViewSchema = z.object({ flatCents: z.number(), basisPoints: z.number(), flat: decimalString, percent: z.string() });
export type FeeScheduleView = z.infer<typeof feeScheduleViewSchema>;

/** GET /api/withDraw/assets. */
export const withdrawalAssetSchema = z.object({ asset: z.string(), network: z.enum(CHAIN_NETWORKS) });
export type WithdrawalAsset = z.infer<typeof withdrawalAssetSchema>;
export const withdrawalAssetListSchema = z.object({ assets: z.array(withdrawalAssetSchema) });
export type WithdrawalAssetList = z.infer<typeof withdrawalAssetListSchema>;

/** A saved withdrawal address. */
export const savedWalletViewSchema = z.object({ _id: z.string(), asset: z.string(), address: z.string(), label: z.string(), createdAt: z.string() });
export type SavedWalletView = z.infer<typeof savedWalletViewSchema>;
export const savedWalletListSchema = z.object({ wallets: z.array(savedWalletViewSchema) });
export type SavedWalletList = z.infer<typeof savedWalletListSchema>;
