import { eq, sql } from 'drizzle-orm';
import { formatCents, formatUsd, roleRank } from '@app/shared';
import type { AppDeps } from '../deps';
import type { DbOrTx, Tx } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { forbidden, notFound } from '../lib/errors';
import { adjustBalance, adjustFees, adjustProfit, getUserBalances, type DailyMove, type UserBalances } from '../ledger';
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

/** Days in the dashboard's balance series. */
const SERIES_DAYS = 30;

/** The last days' UTC dates up to the day of `now`, newest first, and the first one's start: the same for every dashboard of a day. */
let recentDays: { endMs: number; dates: string[]; since: string } | undefined;
function seriesDays(now: Date): { dates: string[]; since: string } {
  const endMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (recentDays?.endMs !== endMs) {
    const dates = Array.from({ length: SERIES_DAYS }, (_, i) => new Date(endMs - i * 86_400_000).toISOString().slice(0, 10));
    recentDays = { endMs, dates, since: new Date(endMs - (SERIES_DAYS - 1) * 86_400_000).toISOString() };
  }
  return recentDays;
}

/** Where the dashboard's series starts on the day of `now`: its daily movements are read (with the session) from here. */
export function seriesStart(now: Date): string {
  return seriesDays(now).since;
}

/**
 * Balance over time: today's balance walked back through each day's net wallet+held
 * movement since `seriesStart`, independent of older history.
 */
export function balanceSeries(moves: DailyMove[], currentCents: number, now: Date): { date: string; balance: string }[] {
  const { dates } = seriesDays(now);
  const byDay = new Map(moves.map(([day, cents]) => [day, Number(cents)]));
  // Movements dated after today (a moved test clock) still belong to "today".
  let later = 0;
  const todayKey = dates[0]!;
  for (const [day, delta] of byDay) if (day > todayKey) later += delta;
  const series: { date: string; balance: string }[] = new Array(SERIES_DAYS);
  let balance = currentCents - later;
  // Most days move nothing: their balance text is the next day's.
  let text = formatCents(balance);
  for (let i = 0; i < SERIES_DAYS; i += 1) {
    const date = dates[i]!;
    series[SERIES_DAYS - 1 - i] = { date, balance: text };
    const delta = byDay.get(date);
    if (delta) {
      balance -= delta;
      text = formatCents(balance);
    }
  }
  return series;
}

/** The signed-in user's dashboard, from the balances and daily movements read with the session. */
export function dashboard(user: SessionUser, balances: UserBalances, moves: DailyMove[], now: Date): DashboardData {
  const { _id: _ignored, name: _name, email: _email, role: _role, ...figures } = summaryOf(user, balances);
  return {
    ...figures,
    isVerified: user.isVerified,
    kycStatus: user.kycStatus,
    series: balanceSeries(moves, balances.balanceCents, now),
  };
}
