import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { batchDeadlineOf, type DbOrTx } from '../../db/client';
import { batchedRead } from '../../db/batched-read';
import { jsonRow } from '../../db/json-row';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users, userTotp } from '../../db/schema';
import { hashToken, randomToken } from '../../lib/crypto';
import { settingFrom, storedSetting } from '../platform/settings';

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
const sessionUserJson = jsonRow(users, ['id', 'name', 'email', 'phone', 'country', 'bio', 'photo', 'role', 'isVerified', 'kycStatus', 'referralCode', 'hasFees', 'language', 'createdAt', 'deletedAt']);
const sessionInfoJson = jsonRow(sessions, ['id', 'userId', 'deviceId', 'impersonatorId', 'impersonatorSessionId', 'lastSeenAt']);
export type SessionUser = ReturnType<typeof sessionUserJson.decode>;
export type SessionInfo = ReturnType<typeof sessionInfoJson.decode>;

export interface ActiveSession {
  session: SessionInfo;
  user: SessionUser;
  /** Confirmed two-factor set-up: read with the session because staff guards and the user view need it. */
  twoFactorEnabled: boolean;
  /**
   * The requireStaffTwoFactor setting, read in the session's statement: every staff request's
   * guard needs it, and a settings query of its own was one more round trip a request.
   */
  requireStaffTwoFactor: boolean;
}

const SESSION_FIELDS = {
  session: sessionInfoJson.sql,
  user: sessionUserJson.sql,
  twoFactorEnabled: sql<boolean>`${userTotp.enabledAt} is not null`,
  // Not correlated with the session: read once per statement, however many sessions it reads.
  requireStaffTwoFactor: storedSetting('requireStaffTwoFactor'),
};
const USER_OF_SESSION = eq(users.id, sessions.userId);
const TOTP_OF_SESSION = eq(userTotp.userId, sessions.userId);
const LIVE = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
const OF_ID = sql`${sessions.id} = ${sql.placeholder('id')}`;
// The ids as an array behind a subquery: no plan sees how many a batch holds, so the generic plan
// costs what a custom one does and PostgreSQL keeps it instead of planning every batch (ADR 0022).
const OF_IDS = sql`${sessions.id} = any((select ${sql.placeholder('ids')}::text[])::text[])`;

/** A row of `sessionQuery`: the session and user as JSON, and the fields a route added. */
export interface SessionQueryRow {
  session: Record<string, unknown>;
  user: Record<string, unknown>;
  twoFactorEnabled: boolean;
  /** The setting's stored value (JSON), null when never set. */
  requireStaffTwoFactor: unknown;
}

/**
 * The live sessions of the `id` placeholder (one) or the `ids` one (many) with their users and
 * two-factor state, plus `extra` select expressions over the session's user
 * (`sessions.userId`): a route that shows more of the user's data reads it with the session, in
 * one round trip.
 */
const sessionQuery = <Extra extends Record<string, SQL>>(db: DbOrTx, extra: Extra, of: 'one' | 'many') =>
  db
    .select({ ...SESSION_FIELDS, ...extra })
    .from(sessions)
    .innerJoin(users, USER_OF_SESSION)
    .leftJoin(userTotp, TOTP_OF_SESSION)
    .where(and(of === 'one' ? OF_ID : OF_IDS, LIVE));

/**
 * A session read's prepared statements (`sessionQuery` with `extra`, named after `name`): one
 * for a batch of one session, one for several. PostgreSQL keeps both plans (ADR 0022); the
 * statement of one id, the read of every quiet hour, spares the embedded database the array
 * (about 6 % of a read there). The returned function reads the sessions of a batch's keys, with
 * the statement's other `params`.
 */
export function sessionReads<Extra extends Record<string, SQL>>(db: DbOrTx, extra: Extra, name: string) {
  const one = sessionQuery(db, extra, 'one').prepare(`${name}_one`);
  const many = sessionQuery(db, extra, 'many').prepare(name);
  return (keys: readonly { id: string }[], params: Record<string, unknown> = {}) => {
    const ids = [...new Set(keys.map((key) => key.id))];
    return ids.length === 1 ? one.execute({ ...params, id: ids[0] }) : many.execute({ ...params, ids });
  };
}

/**
 * Every signed-in request reads its session: concurrent requests share a query
 * (db/batched-read.ts). A key names the session (`id`) and whatever else the statement
 * needs; `execute` reads the batch's keys and each key gets its session's row.
 */
export function batchedSessionRead<Key extends { id: string }, Row extends SessionQueryRow>(db: DbOrTx, execute: (keys: readonly Key[]) => Promise<Row[]>) {
  return batchedRead<Key, Row>({
    timeoutMs: batchDeadlineOf(db),
    load: async (keys) => {
      const byId = new Map((await execute(keys)).map((row) => [row.session.id as string, row]));
      return keys.map((key) => byId.get(key.id));
    },
    // Two batches in flight: while one is in PostgreSQL the server parses and answers the
    // other's requests instead of waiting (ADR 0013: dashboard +15%, getUser +0-6%).
    maxInFlight: 2,
  });
}

/** The session id of a token (only its hash is stored), or null for a token of the wrong size. */
export function sessionIdOf(token: string): string | null {
  return token.length < 20 || token.length > 100 ? null : hashToken(token);
}

/** The live sessions with their users and two-factor state. */
const sessionById = preparedPerDatabase((db) => batchedSessionRead(db, sessionReads(db, {}, 'sessions_by_id')));

/** Finds the live session for a token; suspended or deleted users have none. */
export async function findSession(db: DbOrTx, token: string): Promise<ActiveSession | null> {
  const id = sessionIdOf(token);
  const row = id ? await sessionById(db)({ id }) : undefined;
  return row ? activeSession(db, row) : null;
}

/** A session row as the request's `auth`, unless its user is suspended or deleted (then all their sessions end). */
export function activeSession(db: DbOrTx, row: SessionQueryRow): Promise<ActiveSession | null> {
  return liveSession(db, sessionInfoJson.decode(row.session), sessionUserJson.decode(row.user), {
    twoFactorEnabled: row.twoFactorEnabled,
    requireStaffTwoFactor: settingFrom('requireStaffTwoFactor', row.requireStaffTwoFactor),
  });
}

/** A found session, unless its user is suspended or deleted (then all their sessions end). */
async function liveSession(
  db: DbOrTx,
  session: SessionInfo,
  user: SessionUser,
  factors: Pick<ActiveSession, 'twoFactorEnabled' | 'requireStaffTwoFactor'>,
): Promise<ActiveSession | null> {
  if (user.deletedAt || user.role === 'suspended') {
    await revokeUserSessions(db, user.id);
    return null;
  }
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, session.id));
  }
  return { session, user, twoFactorEnabled: factors.twoFactorEnabled, requireStaffTwoFactor: factors.requireStaffTwoFactor };
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
