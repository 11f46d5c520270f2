/**
 * The ledger: the only writer of money tables (PRODUCT §1 rules 1-6).
 *
 * Model
 * - Accounts, one row per (user, kind). The user's own: `wallet` (available), `held`
 *   (pending withdrawals and investments), `invested`. The platform's side of that user's
 *   journals: `received_funds`, `fee_income`, `profit_expense`, `adjustments`. Platform
 *   totals are sums over users (see verifyLedger().totals). Each journal touches one user's
 *   accounts only, so users never contend with each other.
 * - Sign rules: wallet, held, invested, fee_income never below zero; profit_expense never
 *   above zero (total profit = -profit_expense); received_funds, adjustments unrestricted.
 *   Enforced by conditional UPDATEs (docs/decisions/0002-ledger-concurrency.md), backed by
 *   a CHECK constraint.
 * - Journals are immutable (triggers), with a kind, label (what the user sees), reason,
 *   actor and reference; a (kind, reference) pair posts at most once; postings sum to zero
 *   (checked in code and by a deferred trigger at commit).
 * - Holds: wallet -> held at request; settle (held -> destination, once) or release
 *   (held -> wallet, once). The hold's status update is the guarded transition: the
 *   second settle/release gets AppError 409.
 *
 * Figures: balance = wallet + held; available = wallet; invested; totalProfit; fees.
 *
 * Use inside `deps.db.transaction(async (tx) => ...)`, together with the business row's own
 * guarded status change, so the money and the status commit together or not at all.
 *
 * Investments:   holdForInvestment(tx, { userId, investmentId, amountCents })
 *                settleInvestment(tx, { investmentId, actorId })        // approve
 *                releaseInvestmentHold(tx, { investmentId, actorId })   // reject
 *                creditMaturity(tx, { userId, investmentId, principalCents, profitCents })
 *                creditReferralBonus(tx, { referrerId, referredUserId, amountCents })
 * Anything else: postJournal(tx, { kind, userId, label, postings: [{ account, amountCents }] }).
 */
export { getUserBalances, moneyFigures, ZERO_BALANCES, type DailyMove, type MoneyFigures, type UserBalances } from './balances';
export {
  postJournal,
  balanceAllowed,
  InsufficientFundsError,
  type JournalInput,
  type PostingInput,
  type PostedJournal,
} from './journal';
export { placeHold, settleHold, releaseHold, findHold, type PlaceHoldInput, type SettleHoldInput, type ReleaseHoldInput } from './holds';
export {
  adjustmentLabel,
  creditDeposit,
  holdForWithdrawal,
  settleWithdrawal,
  releaseWithdrawalHold,
  holdForInvestment,
  settleInvestment,
  releaseInvestmentHold,
  creditMaturity,
  creditReferralBonus,
  adjustBalance,
  adjustProfit,
  adjustFees,
  type AdjustmentInput,
} from './operations';
export { verifyLedger } from './verify';
export {
  ACCOUNT_KINDS,
  USER_ACCOUNT_KINDS,
  PLATFORM_ACCOUNT_KINDS,
  JOURNAL_KINDS,
  type AccountKind,
  type JournalKind,
  type HoldPurpose,
  type HoldStatus,
} from '../db/schema/ledger';
