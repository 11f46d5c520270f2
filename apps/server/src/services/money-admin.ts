import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { formatCents, formatUsd, roleRank } from '@app/shared';
import type { AppDeps } from '../deps';
import type { DbOrTx, Tx } from '../db/client';
import { batchedRead } from '../db/batched-read';
import { preparedPerDatabase } from '../db/prepared';
import { ledgerAccounts, ledgerJournals, ledgerPostings, users, type UserRow } from '../db/schema';
import { forbidden, notFound } from '../lib/errors';
import { adjustBalance, adjustFees, adjustProfit, getUserBalances, type UserBalances } from '../ledger';
import { recordAudit, type AuditActor } from './audit';
import type { SessionUser } from './sessions';

export type AdjustmentTarget = 'profit' | 'balance' | 'fees';

export interface MoneySummary {
  _id: string;
  name: string;
  email: string;
  role: string;
  hasFees: boolean;
  balance: string;
  availableBalance: string;
  investmentBalance: string;
  totalMaturityAmount: string;
  fees: string;
}

export function summaryOf(user: SessionUser, balances: UserBalances): MoneySummary {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    hasFees: user.hasFees,
    balance: formatCents(balances.balanceCents),
    availableBalance: formatCents(balances.availableCents),
    investmentBalance: formatCents(balances.investedCents),
    totalMaturityAmount: formatCents(balances.totalProfitCents),
    fees: formatCents(balances.feesCents),
  };
}

async function loadTarget(db: DbOrTx, staff: SessionUser, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row || row.deletedAt) throw notFound('User not found');
  if (row.id === staff.id) throw forbidden('You cannot do this to your own account');
  if (roleRank(row.role) >= roleRank(staff.role)) throw forbidden('You can only manage accounts with a lower role than yours');
  return row;
}

/** GET /api/money/users/:id: the figures the staff edit pages show. */
export async function userMoneySummary(db: DbOrTx, staff: SessionUser, id: string): Promise<MoneySummary> {
  const user = await loadTarget(db, staff, id);
  return summaryOf(user, await getUserBalances(db, user.id));
}

const ACTIONS: Record<AdjustmentTarget, { run: typeof adjustBalance; audit: string; done: string }> = {
  profit: { run: adjustProfit, audit: 'user.adjust_profit', done: 'Total profit updated' },
  balance: { run: adjustBalance, audit: 'user.adjust_balance', done: 'Balance updated' },
  fees: { run: adjustFees, audit: 'user.adjust_fees', done: 'Fees updated' },
};

/**
 * updateDepositBalance (total profit), editDepositBalance (wallet), update-fees: one
 * labelled journal with the reason, audited with before and after, in one transaction.
 */
export async function adjustUserMoney(
  deps: AppDeps,
  staff: SessionUser,
  actor: AuditActor,
  id: string,
  target: AdjustmentTarget,
  input: { operation: 'add' | 'deduct'; amount: number; reason: string },
): Promise<{ message: string; user: MoneySummary }> {
  const action = ACTIONS[target];
  return deps.db.transaction(async (tx: Tx) => {
    const user = await loadTarget(tx, staff, id);
    const before = await getUserBalances(tx, user.id);
    await action.run(tx, { userId: user.id, operation: input.operation, amountCents: input.amount, reason: input.reason, actorId: staff.id, at: deps.now() });
    const after = await getUserBalances(tx, user.id);
    await recordAudit(tx, actor, {
      action: action.audit,
      targetType: 'user',
      targetId: user.id,
      before: summaryOf(user, before),
      after: { ...summaryOf(user, after), operation: input.operation, amount: formatCents(input.amount) },
      reason: input.reason,
    });
    return {
      message: `${action.done}: ${input.operation === 'add' ? 'added' : 'deducted'} ${formatUsd(input.amount)}`,
      user: summaryOf(user, after),
    };
  });
}

/** PUT /api/users/fees-toggle/:id: whether the fees card shows on the user's dashboard. */
export async function toggleFees(
  deps: AppDeps,
  staff: SessionUser,
  actor: AuditActor,
  id: string,
  input: { hasFees: boolean; reason?: string | undefined },
): Promise<{ message: string; user: MoneySummary }> {
  return deps.db.transaction(async (tx) => {
    const user = await loadTarget(tx, staff, id);
    const [updated] = await tx.update(users).set({ hasFees: input.hasFees, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    await recordAudit(tx, actor, {
      action: 'user.fees_toggle',
      targetType: 'user',
      targetId: id,
      before: { hasFees: user.hasFees },
      after: { hasFees: input.hasFees },
      reason: input.reason ?? null,
    });
    return {
      message: input.hasFees ? 'Fees are now shown to this user' : 'Fees are now hidden from this user',
      user: summaryOf(updated!, await getUserBalances(tx, id)),
    };
  });
}

// ---- Dashboard -----------------------------------------------------------------------

export interface DashboardData extends Omit<MoneySummary, 'role' | 'name' | 'email' | '_id'> {
  isVerified: boolean;
  kycStatus: string;
  /** End-of-day book balance (wallet + held) for the last `days` days, oldest first. */
  series: { date: string; balance: string }[];
}

/**
 * Each day's net wallet+held movement of users since a date: read on every dashboard visit,
 * so concurrent visits share a query. A key is "userId since"; the batch reads from its
 * earliest date and each caller keeps its own days.
 */
const dailyWalletMoves = preparedPerDatabase((db) => {
  const statement = db
    .select({
      userId: ledgerJournals.userId,
      day: sql<string>`to_char(${ledgerJournals.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      delta: sql<string>`sum(${ledgerPostings.amountCents})::text`,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournals.id))
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, ledgerPostings.accountId), inArray(ledgerAccounts.kind, ['wallet', 'held'])))
    .where(and(sql`${ledgerJournals.userId} = any(${sql.placeholder('userIds')}::text[])`, gte(ledgerJournals.createdAt, sql`${sql.placeholder('since')}::timestamptz`)))
    .groupBy(sql`1, 2`)
    .prepare('daily_wallet_moves');
  return batchedRead({
    load: async (keys: string[]) => {
      const asked = keys.map((key) => {
        const [userId = '', since = ''] = key.split(' ');
        return { key, userId, since };
      });
      const since = asked.reduce((earliest, { since: date }) => (date < earliest ? date : earliest), asked[0]!.since);
      const rows = await statement.execute({ userIds: [...new Set(asked.map(({ userId }) => userId))], since });
      const byUser = new Map<string, typeof rows>();
      for (const row of rows) {
        const moves = byUser.get(row.userId);
        if (moves) moves.push(row);
        else byUser.set(row.userId, [row]);
      }
      return asked.map(({ key, userId, since: from }) => {
        const fromDay = from.slice(0, 10);
        return { key, moves: (byUser.get(userId) ?? []).filter((row) => row.day >= fromDay) };
      });
    },
    keyOf: (result) => result.key,
  });
});

/** The last days' UTC dates, newest first, and the first one's start: the same for every dashboard of a day. */
let recentDays: { endMs: number; dates: string[]; since: string } | undefined;
function daysUpTo(endMs: number, days: number): { dates: string[]; since: string } {
  if (recentDays?.endMs !== endMs || recentDays.dates.length !== days) {
    const dates = Array.from({ length: days }, (_, i) => new Date(endMs - i * 86_400_000).toISOString().slice(0, 10));
    recentDays = { endMs, dates, since: new Date(endMs - (days - 1) * 86_400_000).toISOString() };
  }
  return recentDays;
}

/**
 * Balance over time: today's balance walked back through each day's net wallet+held
 * movement. One grouped query over the period, independent of older history.
 */
export async function balanceSeries(db: DbOrTx, userId: string, currentCents: number, now: Date, days = 30): Promise<{ date: string; balance: string }[]> {
  const { dates, since } = daysUpTo(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()), days);
  const moves = (await dailyWalletMoves(db)(`${userId} ${since}`))?.moves ?? [];
  const byDay = new Map(moves.map((row) => [row.day, Number(row.delta)]));
  // Movements dated after today (a moved test clock) still belong to "today".
  let later = 0;
  const todayKey = dates[0]!;
  for (const [day, delta] of byDay) if (day > todayKey) later += delta;
  const series: { date: string; balance: string }[] = new Array(days);
  let balance = currentCents - later;
  for (let i = 0; i < days; i += 1) {
    const date = dates[i]!;
    series[days - 1 - i] = { date, balance: formatCents(balance) };
    balance -= byDay.get(date) ?? 0;
  }
  return series;
}

/** `balances` when the caller already read them with the session. */
export async function dashboard(deps: AppDeps, user: SessionUser, balances?: UserBalances): Promise<DashboardData> {
  balances ??= await getUserBalances(deps.db, user.id);
  const { _id: _ignored, name: _name, email: _email, role: _role, ...figures } = summaryOf(user, balances);
  return {
    ...figures,
    isVerified: user.isVerified,
    kycStatus: user.kycStatus,
    series: await balanceSeries(deps.db, user.id, balances.balanceCents, deps.now()),
  };
}
