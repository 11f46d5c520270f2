import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { formatCents, type UserView } from '@app/shared';
import type { DbOrTx } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { nameLiterals } from '../db/rows';
import { ledgerAccounts, ledgerJournals, ledgerPostings, type AccountKind } from '../db/schema';

export interface UserBalances {
  /** Book balance: wallet plus held (pending withdrawals and investments). SPEC "balance". */
  balanceCents: number;
  /** What the user can spend now: balance less holds. */
  availableCents: number;
  /** Money in active investments. SPEC "investmentBalance". */
  investedCents: number;
  /** Sum of profit credits (maturity profit, profit adjustments, referral bonuses). SPEC "totalMaturityAmount". */
  totalProfitCents: number;
  /** Fees charged, net of refunds. SPEC "fees". */
  feesCents: number;
}

/** A user's figures as the API shows them (SPEC §3 names, decimal strings): those fields of the user view. */
export type MoneyFigures = Pick<UserView, 'balance' | 'availableBalance' | 'investmentBalance' | 'totalMaturityAmount' | 'fees'>;

/**
 * The figures of `balances` as the API shows them. Spread them anywhere but first: on Node 20
 * a literal that starts with a spread and adds properties after it costs microseconds (ADR 0014).
 */
export function moneyFigures(balances: UserBalances): MoneyFigures {
  return {
    balance: formatCents(balances.balanceCents),
    availableBalance: formatCents(balances.availableCents),
    investmentBalance: formatCents(balances.investedCents),
    totalMaturityAmount: formatCents(balances.totalProfitCents),
    fees: formatCents(balances.feesCents),
  };
}

export const ZERO_BALANCES: UserBalances = { balanceCents: 0, availableCents: 0, investedCents: 0, totalProfitCents: 0, feesCents: 0 };

const accountBalancesOfUser = preparedPerDatabase((db) =>
  db
    .select({ kind: ledgerAccounts.kind, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, sql.placeholder('userId')))
    .prepare('account_balances_of_user'),
);

/** A user's figures, read from the ledger's account balances (one indexed query). */
export async function getUserBalances(db: DbOrTx, userId: string): Promise<UserBalances> {
  const rows = await accountBalancesOfUser(db).execute({ userId });
  return balancesFromAccounts(Object.fromEntries(rows.map((row) => [row.kind, row.balanceCents])));
}

/**
 * The same figures from a `{ kind: balance }` object built by a query that reads the accounts
 * along with something else (see `accountBalancesByKind`), saving a round trip.
 */
export function balancesFromAccounts(byKind: Record<string, number | string>): UserBalances {
  const cents = (kind: AccountKind) => Number(byKind[kind] ?? 0);
  return {
    balanceCents: cents('wallet') + cents('held'),
    availableCents: cents('wallet'),
    investedCents: cents('invested'),
    totalProfitCents: 0 - cents('profit_expense'),
    feesCents: cents('fee_income'),
  };
}

/**
 * A select expression: the user's account balances as a JSON `{ kind: "cents" }` object, or
 * null; only those of `kinds` when given (a reader of two figures reads two accounts of six).
 * The kinds are written in the statement, not passed as parameters: a prepared statement without
 * parameters keeps its plan (services/platform/requests.ts).
 */
export function accountBalancesByKind(userId: SQLWrapper, kinds?: readonly AccountKind[]) {
  const ofKinds = kinds ? sql` and ${ledgerAccounts.kind} in (${nameLiterals(kinds)})` : sql``;
  return sql<Record<string, string> | null>`(select json_object_agg(${ledgerAccounts.kind}, ${ledgerAccounts.balanceCents}::text) from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${userId}${ofKinds})`;
}

/** The accounts of a user's book balance (SPEC "balance"): wallet plus held. */
const WALLET_KINDS: readonly AccountKind[] = ['wallet', 'held'];

/** A user's figures as bigint cents, each a select expression over their accounts (balancesFromAccounts in SQL). */
export interface FigureCents {
  balance: SQL<number>;
  available: SQL<number>;
  invested: SQL<number>;
  totalProfit: SQL<number>;
  fees: SQL<number>;
}

/**
 * A select expression: what `render` writes from the user's figures (bigint cents), reading their
 * accounts once, only those of `kinds` when given. A user without the accounts has 0 of each, as
 * in balancesFromAccounts.
 */
function figuresOfAccounts<T>(userId: SQLWrapper, render: (cents: FigureCents) => SQL<T>, kinds?: readonly AccountKind[]): SQL<T> {
  const ofKinds = (summed: readonly AccountKind[]) =>
    sql<number>`coalesce(sum(${ledgerAccounts.balanceCents}) filter (where ${ledgerAccounts.kind} in (${nameLiterals(summed)})), 0)::bigint`;
  const cents: FigureCents = {
    balance: ofKinds(WALLET_KINDS),
    available: ofKinds(['wallet']),
    invested: ofKinds(['invested']),
    totalProfit: sql<number>`(0 - ${ofKinds(['profit_expense'])})`,
    fees: ofKinds(['fee_income']),
  };
  const ofRead = kinds ? sql` and ${ledgerAccounts.kind} in (${nameLiterals(kinds)})` : sql``;
  return sql<T>`(select ${render(cents)} from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${userId}${ofRead})`;
}

/**
 * A select expression: what `render` writes from the user's book balance (wallet plus held, SPEC
 * "balance") and available balance (wallet), reading those two accounts alone: for a statement
 * that writes the figures itself (a staff queue's JSON text).
 */
export function walletFigures<T>(userId: SQLWrapper, render: (cents: Pick<FigureCents, 'balance' | 'available'>) => SQL<T>): SQL<T> {
  return figuresOfAccounts(userId, ({ balance, available }) => render({ balance, available }), WALLET_KINDS);
}

/** The same with all five figures, reading all of the user's accounts (the staff users list's JSON text). */
export function userFigures<T>(userId: SQLWrapper, render: (cents: FigureCents) => SQL<T>): SQL<T> {
  return figuresOfAccounts(userId, render);
}

/** A day's net wallet+held movement: the UTC date (YYYY-MM-DD) and the cents, as text. */
export type DailyMove = [day: string, cents: string];

/**
 * A select expression: the user's net wallet+held movement for each UTC day since a time, as
 * JSON `[[day, cents], ...]`, or null when nothing moved. The dashboard's balance series
 * walks today's balance back through these.
 */
export function dailyWalletMovesSince(userId: SQLWrapper, since: SQLWrapper) {
  return sql<DailyMove[] | null>`(select json_agg(json_build_array(moves.day, moves.cents)) from (
    select to_char(${ledgerJournals.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day, sum(${ledgerPostings.amountCents})::text as cents
    from ${ledgerJournals}
    inner join ${ledgerPostings} on ${ledgerPostings.journalId} = ${ledgerJournals.id}
    inner join ${ledgerAccounts} on ${ledgerAccounts.id} = ${ledgerPostings.accountId} and ${ledgerAccounts.kind} in (${nameLiterals(WALLET_KINDS)})
    where ${ledgerJournals.userId} = ${userId} and ${ledgerJournals.createdAt} >= ${since}
    group by 1) as moves)`;
}
