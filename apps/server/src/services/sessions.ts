import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { batchedRead } from '../db/batched-read';
import { jsonRow } from '../db/json-row';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users, userTotp } from '../db/schema';
import { accountBalancesByKind, balancesFromAccounts, type UserBalances } from '../ledger/balances';
import { hashToken, randomToken } from '../lib/crypto';

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
}

const SESSION_FIELDS = { session: sessionInfoJson.sql, user: sessionUserJson.sql, twoFactorEnabled: sql<boolean>`${userTotp.enabledAt} is not null` };
const USER_OF_SESSION = eq(users.id, sessions.userId);
const TOTP_OF_SESSION = eq(userTotp.userId, sessions.userId);
const LIVE_SESSIONS = and(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** Every signed-in request reads its session: concurrent requests share a query (db/batched-read.ts). */
function batchedById<R extends { session: Record<string, unknown>; user: Record<string, unknown> }>(statement: { execute(values: { ids: string[] }): Promise<R[]> }) {
  return batchedRead({
    load: async (ids: string[]) =>
      (await statement.execute({ ids })).map((row) => ({ ...row, session: sessionInfoJson.decode(row.session), user: sessionUserJson.decode(row.user) })),
    keyOf: (row) => row.session.id,
  });
}

/** The live sessions with their users and two-factor state. */
const sessionById = preparedPerDatabase((db) =>
  batchedById(db.select(SESSION_FIELDS).from(sessions).innerJoin(users, USER_OF_SESSION).leftJoin(userTotp, TOTP_OF_SESSION).where(LIVE_SESSIONS).prepare('sessions_by_id')),
);

/** The same plus the user's balances, for the routes that show them. */
const sessionWithBalancesById = preparedPerDatabase((db) =>
  batchedById(
    db
      .select({ ...SESSION_FIELDS, accountBalances: accountBalancesByKind(sessions.userId) })
      .from(sessions)
      .innerJoin(users, USER_OF_SESSION)
      .leftJoin(userTotp, TOTP_OF_SESSION)
      .where(LIVE_SESSIONS)
      .prepare('sessions_with_balances_by_id'),
  ),
);

/** Finds the live session for a token; suspended or deleted users have none. */
export async function findSession(db: DbOrTx, token: string, options: { withBalances?: boolean } = {}): Promise<ActiveSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const id = hashToken(token);
  if (!options.withBalances) {
    const row = await sessionById(db)(id);
    return row ? liveSession(db, row) : null;
  }
  const row = await sessionWithBalancesById(db)(id);
  const active = row ? await liveSession(db, row) : null;
  if (active && row) active.balances = balancesFromAccounts(row.accountBalances ?? {});
  return active;
}

/** A found session, unless its user is suspended or deleted (then all their sessions end). */
async function liveSession(db: DbOrTx, row: { session: SessionInfo; user: SessionUser; twoFactorEnabled: boolean }): Promise<ActiveSession | null> {
  const { session, user } = row;
  if (user.deletedAt || user.role === 'suspended') {
    await revokeUserSessions(db, user.id);
    return null;
  }
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, session.id));
  }
  // Copies: requests with the same token in one batch share the row.
  return { session: { ...session }, user: { ...user }, twoFactorEnabled: row.twoFactorEnabled };
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
