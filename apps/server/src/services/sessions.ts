import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../db/schema';
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

export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
}

/** Finds the live session for a token; suspended or deleted users have none. */
export async function findSession(db: DbOrTx, token: string): Promise<ActiveSession | null> {
  if (token.length < 20 || token.length > 100) return null;
  const id = hashToken(token);
  // Two primary-key lookups rather than a join: on PGlite planning the join costs several
  // times more than both lookups together, and this runs on every signed-in request.
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!session) return null;
  const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (!user) return null;
  const row: ActiveSession = { session, user };
  if (row.user.deletedAt || row.user.role === 'suspended') {
    await revokeUserSessions(db, row.user.id);
    return null;
  }
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
  }
  return row;
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
