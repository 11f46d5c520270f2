import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { batchedRead } from '../../db/batched-read';
import { jsonRow } from '../../db/json-row';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users, userTotp } from '../../db/schema';
import { accountBalancesByKind, balancesFromAccounts, dailyWalletMovesSince, type DailyMove, type UserBalances } from '../../ledger/balances';
import { hashToken, randomToken } from '../../lib/crypto';

export const SESSION_COOKIE = 'sid';
export const DEVICE_COOKIE = 'did';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** lastSeenAt is refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionMeta {
  deviceId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  impersonatorId?: string | null;
  impersonatorSessionId?: string | null;
}

/** Creates a session and returns its token (shown once; only the hash is stored). */
export async function createSession(db: DbOrTx, userId: string, meta: SessionMeta = {}): Promise<{ token: string; id: string }> {
  const token = randomToken(32);
  const id = hashToken(token);
  await db.insert(sessions).values({
    id,
    userId,
    deviceId: meta.deviceId ?? null,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    impersonatorId: meta.impersonatorId ?? null,
    impersonatorSessionId: meta.impersonatorSessionId ?? null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { token, id };
}

/**
 * What every signed-in request reads of its user and session: no password hash, Google id or
 * bookkeeping dates (services that check a password read the hash themselves).
 */
const sessionUserJson = jsonRow(users, ['id', 'name', 'email', 'phone', 'country', 'bio', 'photo', 'role', 'isVerified', 'kycStatus', 'referralCode', 'hasFees', 'createdAt', 'deletedAt']);
const sessionInfoJson = jsonRow(sessions, ['id', 'userId', 'deviceId', 'impersonatorId', 'impersonatorSessionId', 'lastSeenAt']);
export type SessionUser = ReturnType<typeof sessionUserJson.decode>;
export type SessionInfo = ReturnType<typeof sessionInfoJson.decode>;

export interface ActiveSession {
  session: SessionInfo;
  user: SessionUser;
  /** Confirmed two-factor set-up: read with the session because staff guards and the user view need it. */
  twoFactorEnabled: boolean;
  /** The user's ledger figures, when the route asked for them with the session (`sessionWithBalances`). */
  balances?: UserBalances;
  /** The user's daily wallet movements since the asked time, when the route asked for them (`sessionWithDailyMovesSince`). */
  dailyMoves?: DailyMove[];
}

const SESSION_FIELDS = { session: sessionInfoJson.sql, user: sessionUserJson.sql, twoFactorEnabled: sql<boolean>`${userTotp.enabledAt} is not null` };
const USER_OF_SESSION = eq(users.id, sessions.userId);
const TOTP_OF_SESSION = eq(userTotp.userId, sessions.userId);
const LIVE_SESSIONS = and(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

interface SessionQueryRow {
  session: Record<string, unknown>;
  user: Record<string, unknown>;
  twoFactorEnabled: boolean;
  accountBalances?: Record<string, string> | null;
  dailyMoves?: DailyMove[] | null;
}

/**
 * Every signed-in request reads its session: concurrent requests share a query
 * (db/batched-read.ts). A key is the session id, followed for the dashboard by the start of
 * its series ("id since"); callers of one batch asking from different times (midnight, a test
 * clock) get the moves since the earliest, which the series ignores before its own first day.
 */
function batchedSessions(execute: (values: { ids: string[]; since: string }) => Promise<SessionQueryRow[]>) {
  return batchedRead({
    load: async (keys: string[]) => {
      const asked = keys.map((key) => {
        const [id = '', since = ''] = key.split(' ');
        return { key, id, since };
      });
      const since = asked.reduce((earliest, { since: from }) => (from && (!earliest || from < earliest) ? from : earliest), '');
      const rows = await execute({ ids: [...new Set(asked.map(({ id }) => id))], since });
      const byId = new Map(rows.map((row) => [row.session.id as string, row]));
      return asked.flatMap(({ key, id }) => {
        const row = byId.get(id);
        return row ? [{ key, row }] : [];
      });
    },
    keyOf: (answer) => answer.key,
    // Two batches in flight: while one is in PostgreSQL the server parses and answers the
    // other's requests instead of waiting (ADR 0013: dashboard +15%, getUser +0-6%).
    maxInFlight: 2,
  });
}

const sessionQuery = (db: DbOrTx, extra: Record<string, SQL>) =>
  db
    .select({ ...SESSION_FIELDS, ...extra })
    .from(sessions)
    .innerJoin(users, USER_OF_SESSION)
    .leftJoin(userTotp, TOTP_OF_SESSION)
    .where(LIVE_SESSIONS);

/** The live sessions with their users and two-factor state. */
const sessionById = preparedPerDatabase((db) => {
  const statement = sessionQuery(db, {}).prepare('sessions_by_id');
  return batchedSessions(({ ids }) => statement.execute({ ids }));
});

/** The same plus the user's balances, for the routes that show them. */
const sessionWithBalancesById = preparedPerDatabase((db) => {
  const statement = sessionQuery(db, { accountBalances: accountBalancesByKind(sessions.userId) }).prepare('sessions_with_balances_by_id');
  return batchedSessions(({ ids }) => statement.execute({ ids }));
});

/** The same plus the daily wallet movements since a time: the dashboard in one round trip. */
const sessionWithDailyMovesById = preparedPerDatabase((db) => {
  const statement = sessionQuery(db, {
    accountBalances: accountBalancesByKind(sessions.userId),
    dailyMoves: dailyWalletMovesSince(sessions.userId, sql`${sql.placeholder('since')}::timestamptz`),
  }).prepare('sessions_with_daily_moves_by_id');
  return batchedSessions((values) => statement.execute(values));
});

/**
 * Finds the live session for a token; suspended or deleted users have none. With
 * `withBalances`, the user's ledger figures come in the same query; with `dailyMovesSince` (an
 * ISO time), those and the daily wallet movements since then.
 */
export async function findSession(
  db: DbOrTx,
  token: string,
  options: { withBalances?: boolean; dailyMovesSince?: string } = {},
): Promise<ActiveSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const id = hashToken(token);
  const answer = options.dailyMovesSince
    ? await sessionWithDailyMovesById(db)(`${id} ${options.dailyMovesSince}`)
    : await (options.withBalances ? sessionWithBalancesById : sessionById)(db)(id);
  if (!answer) return null;
  const { row } = answer;
  const active = await liveSession(db, sessionInfoJson.decode(row.session), sessionUserJson.decode(row.user), row.twoFactorEnabled);
  if (active && row.accountBalances !== undefined) active.balances = balancesFromAccounts(row.accountBalances ?? {});
  if (active && row.dailyMoves !== undefined) active.dailyMoves = row.dailyMoves ?? [];
  return active;
}

/** A found session, unless its user is suspended or deleted (then all their sessions end). */
async function liveSession(db: DbOrTx, session: SessionInfo, user: SessionUser, twoFactorEnabled: boolean): Promise<ActiveSession | null> {
  if (user.deletedAt || user.role === 'suspended') {
    await revokeUserSessions(db, user.id);
    return null;
  }
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, session.id));
  }
  return { session, user, twoFactorEnabled };
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, optionally keeping one (the caller's own). */
export async function revokeUserSessions(db: DbOrTx, userId: string, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(...conditions));
}
