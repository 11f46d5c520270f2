import { sql, type SQLWrapper } from 'drizzle-orm';
import { DAY_MS, formatCents, type BalanceSeries, type DashboardData } from '@app/shared';
import type { AppDeps } from '../../deps';
import { preparedPerDatabase } from '../../db/prepared';
import { payments, sessions } from '../../db/schema';
import { moneyFigures, type DailyMove, type UserBalances } from '../../ledger';
import { accountBalancesByKind, balancesFromAccounts, dailyWalletMovesSince } from '../../ledger/balances';
import { activeSession, batchedSessionRead, sessionIdOf, sessionReads, type ActiveSession, type SessionUser } from '../auth/sessions';

/** Days in the dashboard's balance series. */
const SERIES_DAYS = 30;

/** The series window on the day of `now` (its first and last UTC dates, the first one's start): the same for every dashboard of a day. */
let seriesWindow: { endMs: number; from: string; to: string; since: string } | undefined;
function seriesDays(now: Date): { from: string; to: string; since: string } {
  const endMs = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  if (seriesWindow?.endMs !== endMs) {
    const start = new Date(endMs - (SERIES_DAYS - 1) * DAY_MS);
    seriesWindow = { endMs, from: start.toISOString().slice(0, 10), to: new Date(endMs).toISOString().slice(0, 10), since: start.toISOString() };
  }
  return seriesWindow;
}

/** Where the dashboard's series starts on the day of `now`: its daily movements are read (with the session) from here. */
export function seriesStart(now: Date): string {
  return seriesDays(now).since;
}

/**
 * Balance over time: today's balance walked back through each day's net wallet+held
 * movement since `seriesStart`, independent of older history. Only the first day and the
 * days whose balance changed are sent (`dailyBalances` in @app/shared fills in the rest).
 */
export function balanceSeries(moves: DailyMove[], currentCents: number, now: Date): BalanceSeries {
  const { from, to } = seriesDays(now);
  // Movements dated after today (a moved test clock) still belong to "today".
  const byDay = new Map<string, number>();
  for (const [day, cents] of moves) {
    const date = day > to ? to : day;
    byDay.set(date, (byDay.get(date) ?? 0) + Number(cents));
  }
  const newestFirst = [...byDay].filter(([date, delta]) => date > from && delta !== 0).sort(([a], [b]) => (a < b ? 1 : -1));
  const changes: BalanceSeries['changes'] = [];
  let balance = currentCents;
  for (const [date, delta] of newestFirst) {
    changes.push({ date, balance: formatCents(balance) });
    balance -= delta;
  }
  changes.push({ date: from, balance: formatCents(balance) });
  return { from, to, changes: changes.reverse() };
}

/** What the dashboard shows beyond the session: the user's balances, daily wallet movements and deposits awaiting staff. */
export interface DashboardMoney {
  balances: UserBalances;
  moves: DailyMove[];
  pendingDeposits: PendingDeposits;
}

/** The user's reported deposits still Pending: not in any balance until staff confirm them (PRODUCT §1). */
interface PendingDeposits {
  count: number;
  /** Their total, bigint cents as text. */
  cents: string;
}

const NO_PENDING_DEPOSITS: PendingDeposits = { count: 0, cents: '0' };

/** A select expression: the pending deposits of `userId` (payments_user_idx gives the user's rows). */
function pendingDepositsOf(userId: SQLWrapper) {
  return sql<PendingDeposits | null>`(select json_build_object('count', count(*), 'cents', coalesce(sum(${payments.amountCents}), 0)::text) from ${payments} where ${payments.userId} = ${userId} and ${payments.status} = 'Pending')`;
}

/**
 * The session with the dashboard's data, in one statement: the balances and the daily wallet
 * movements since the series' start. A key is the session and that start; callers of one
 * batch asking from different starts (midnight, a test clock) get the moves since the
 * earliest, which the series ignores before its own first day.
 */
const sessionWithDashboardById = preparedPerDatabase((db) => {
  const read = sessionReads(
    db,
    {
      accountBalances: accountBalancesByKind(sessions.userId),
      dailyMoves: dailyWalletMovesSince(sessions.userId, sql`${sql.placeholder('since')}::timestamptz`),
      pendingDeposits: pendingDepositsOf(sessions.userId),
    },
    'sessions_with_daily_moves_by_id',
  );
  return batchedSessionRead(db, (keys: readonly { id: string; since: string }[]) =>
    read(keys, { since: keys.reduce((earliest, key) => (key.since < earliest ? key.since : earliest), keys[0]!.since) }),
  );
});

/** The live session of a token with its dashboard's data (for `sessionWith` in the route). */
export async function findSessionWithDashboard(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<{ auth: ActiveSession; data: DashboardMoney } | null> {
  const id = sessionIdOf(token);
  const row = id ? await sessionWithDashboardById(deps.db)({ id, since: seriesStart(deps.now()) }) : undefined;
  const auth = row ? await activeSession(deps.db, row) : null;
  return auth && row ? { auth, data: { balances: balancesFromAccounts(row.accountBalances ?? {}), moves: row.dailyMoves ?? [], pendingDeposits: row.pendingDeposits ?? NO_PENDING_DEPOSITS } } : null;
}

/** The signed-in user's dashboard, from the balances and daily movements read with the session. */
export function dashboard(user: SessionUser, { balances, moves, pendingDeposits }: DashboardMoney, now: Date): DashboardData {
  return {
    hasFees: user.hasFees,
    isVerified: user.isVerified,
    kycStatus: user.kycStatus,
    series: balanceSeries(moves, balances.balanceCents, now),
    ...moneyFigures(balances),
    pendingDeposits: { count: pendingDeposits.count, amount: formatCents(Number(pendingDeposits.cents)) },
  };
}
