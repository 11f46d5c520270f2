/**
 * Named money movements. Each one is a journal (or a hold transition) with a fixed shape,
 * so services never assemble postings themselves. All take a transaction handle.
 */
import type { Tx } from '../db/client';
import { formatUsd } from '@app/shared';
import { postJournal, type PostedJournal } from './journal';
import { placeHold, releaseHold, settleHold } from './holds';

export const adjustmentLabel = (reason: string) => `Adjustment by support: ${reason}`;

/** Deposit confirmed: wallet += amount; the platform has received the funds. Once per payment. */
export function creditDeposit(
  tx: Tx,
  input: { userId: string; paymentId: string; transactionId: string; amountCents: number; actorId: string | null; at?: Date },
): Promise<PostedJournal> {
  return postJournal(tx, {
    kind: 'deposit',
    userId: input.userId,
    actorId: input.actorId,
    label: `Deposit ${input.transactionId}`,
    reference: `payment:${input.paymentId}`,
    at: input.at,
    postings: [
      { account: 'wallet', amountCents: input.amountCents },
      { account: 'received_funds', amountCents: -input.amountCents },
    ],
  });
}

// ---- Withdrawals ----------------------------------------------------------------------

export function holdForWithdrawal(tx: Tx, input: { userId: string; withdrawalId: string; amountCents: number; at?: Date }) {
  return placeHold(tx, {
    userId: input.userId,
    purpose: 'withdrawal',
    reference: input.withdrawalId,
    amountCents: input.amountCents,
    journalKind: 'withdrawal_hold',
    label: `Withdrawal requested (${formatUsd(input.amountCents)} held)`,
    at: input.at,
  });
}

/** Approval: the held amount leaves the platform, less the fee which becomes fee income. */
export function settleWithdrawal(tx: Tx, input: { withdrawalId: string; feeCents: number; actorId: string | null; at?: Date }) {
  return settleHold(tx, {
    purpose: 'withdrawal',
    reference: input.withdrawalId,
    journalKind: 'withdrawal_settle',
    to: 'received_funds',
    feeCents: input.feeCents,
    label: 'Withdrawal paid out',
    feeLabel: 'Withdrawal fee',
    actorId: input.actorId,
    at: input.at,
  });
}

export function releaseWithdrawalHold(tx: Tx, input: { withdrawalId: string; actorId: string | null; at?: Date }) {
  return releaseHold(tx, {
    purpose: 'withdrawal',
    reference: input.withdrawalId,
    journalKind: 'withdrawal_release',
    label: 'Withdrawal rejected: funds released',
    actorId: input.actorId,
    at: input.at,
  });
}

// ---- Investments (used by the investments service) -------------------------------------

/** Request: hold the amount (available drops, balance does not). 400 when not covered. */
export function holdForInvestment(tx: Tx, input: { userId: string; investmentId: string; amountCents: number; label?: string; at?: Date }) {
  return placeHold(tx, {
    userId: input.userId,
    purpose: 'investment',
    reference: input.investmentId,
    amountCents: input.amountCents,
    journalKind: 'investment_hold',
    label: input.label ?? `Investment requested (${formatUsd(input.amountCents)} held)`,
    at: input.at,
  });
}

/** Approval: held -> invested, exactly once (409 on the second). */
export function settleInvestment(tx: Tx, input: { investmentId: string; actorId: string | null; label?: string; at?: Date }) {
  return settleHold(tx, {
    purpose: 'investment',
    reference: input.investmentId,
    journalKind: 'investment_settle',
    to: 'invested',
    label: input.label ?? 'Investment started',
    actorId: input.actorId,
    at: input.at,
  });
}

/** Rejection: held -> wallet, exactly once (409 on the second). */
export function releaseInvestmentHold(tx: Tx, input: { investmentId: string; actorId: string | null; label?: string; at?: Date }) {
  return releaseHold(tx, {
    purpose: 'investment',
    reference: input.investmentId,
    journalKind: 'investment_release',
    label: input.label ?? 'Investment rejected: funds released',
    actorId: input.actorId,
    at: input.at,
  });
}

/**
 * Maturity: principal leaves invested, principal + profit land in the wallet, the profit is
 * the platform's profit expense (it counts towards total profit). Once per `reference`
 * (default `investment:<id>`; pass another for e.g. an early end on plan upgrade).
 */
export function creditMaturity(
  tx: Tx,
  input: { userId: string; investmentId: string; principalCents: number; profitCents: number; label?: string; reference?: string; actorId?: string | null; at?: Date },
): Promise<PostedJournal> {
  const postings = [{ account: 'wallet' as const, amountCents: input.principalCents + input.profitCents }];
  const rest = [];
  if (input.principalCents > 0) rest.push({ account: 'invested' as const, amountCents: -input.principalCents });
  if (input.profitCents > 0) rest.push({ account: 'profit_expense' as const, amountCents: -input.profitCents });
  return postJournal(tx, {
    kind: 'maturity',
    userId: input.userId,
    actorId: input.actorId ?? null,
    label: input.label ?? `Investment matured: ${formatUsd(input.principalCents)} principal + ${formatUsd(input.profitCents)} profit`,
    reference: input.reference ?? `investment:${input.investmentId}`,
    metadata: { investmentId: input.investmentId, principalCents: input.principalCents, profitCents: input.profitCents },
    at: input.at,
    postings: [...postings, ...rest],
  });
}

/** Referral bonus to the referrer's wallet (counts as profit). Once per referred user. */
export function creditReferralBonus(
  tx: Tx,
  input: { referrerId: string; referredUserId: string; amountCents: number; label?: string; at?: Date },
): Promise<PostedJournal> {
  return postJournal(tx, {
    kind: 'referral_bonus',
    userId: input.referrerId,
    actorId: null,
    label: input.label ?? 'Referral bonus',
    reference: `referral:${input.referredUserId}`,
    at: input.at,
    postings: [
      { account: 'wallet', amountCents: input.amountCents },
      { account: 'profit_expense', amountCents: -input.amountCents },
    ],
  });
}

// ---- Staff adjustments ---------------------------------------------------------------

export interface AdjustmentInput {
  userId: string;
  operation: 'add' | 'deduct';
  amountCents: number;
  reason: string;
  actorId: string | null;
  at?: Date;
}

/**
 * A staff edit of the wallet against one platform account, labelled with its reason:
 * `walletSign` 1 credits the wallet, -1 debits it.
 */
function walletAdjustment(
  tx: Tx,
  input: AdjustmentInput,
  kind: 'balance_adjustment' | 'profit_adjustment' | 'fee' | 'fee_refund',
  counterAccount: 'adjustments' | 'profit_expense' | 'fee_income',
  sign: 1 | -1 = input.operation === 'add' ? 1 : -1,
): Promise<PostedJournal> {
  return postJournal(tx, {
    kind,
    userId: input.userId,
    actorId: input.actorId,
    label: adjustmentLabel(input.reason),
    reason: input.reason,
    metadata: { operation: input.operation },
    at: input.at,
    postings: [
      { account: 'wallet', amountCents: sign * input.amountCents },
      { account: counterAccount, amountCents: -sign * input.amountCents },
    ],
  });
}

/** Wallet balance edit (edit-user-balance). A deduction never takes the wallet below zero. */
export function adjustBalance(tx: Tx, input: AdjustmentInput): Promise<PostedJournal> {
  return walletAdjustment(tx, input, 'balance_adjustment', 'adjustments');
}

/**
 * Total profit edit (edit-balance). Profit is money: adding credits the wallet, deducting
 * debits it; neither the wallet nor total profit may go below zero.
 */
export function adjustProfit(tx: Tx, input: AdjustmentInput): Promise<PostedJournal> {
  return walletAdjustment(tx, input, 'profit_adjustment', 'profit_expense');
}

/**
 * Fee edit (update-fees): add charges a fee from the wallet, deduct refunds one. A charge
 * never takes the wallet below zero; a refund never exceeds the fees charged.
 */
export function adjustFees(tx: Tx, input: AdjustmentInput): Promise<PostedJournal> {
  const add = input.operation === 'add';
  return walletAdjustment(tx, input, add ? 'fee' : 'fee_refund', 'fee_income', add ? -1 : 1);
}
