import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DeviceSession } from '@app/shared';
import type { AppDeps } from '../../deps';
import { sessions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { revokeSession, type SessionInfo } from './sessions';

/** The account's live sessions (a staff member's view-only impersonation sessions are not devices). */
export async function listDeviceSessions(deps: AppDeps, current: SessionInfo): Promise<DeviceSession[]> {
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, current.userId),
        isNull(sessions.revokedAt),
        isNull(sessions.impersonatorId),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    current: row.id === current.id,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}

/** Signs out one session of the caller's own account; answers whether it was the caller's. */
export async function revokeDeviceSession(deps: AppDeps, current: SessionInfo, sessionId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, current.userId), isNull(sessions.revokedAt), isNull(sessions.impersonatorId)))
    .limit(1);
  if (!row) throw notFound('Session not found');
  await revokeSession(deps.db, row.id);
  return row.id === current.id;
}
