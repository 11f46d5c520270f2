import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { userIdColumn, users } from './users';
import { at, writtenAt } from './columns';

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    deviceId: text('device_id'),
    /** Set while a staff member views the product as this user; such sessions are read-only. */
    impersonatorId: text('impersonator_id').references(() => users.id),
    /** The staff member's own session, restored on exit. */
    impersonatorSessionId: text('impersonator_session_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: writtenAt(),
    lastSeenAt: writtenAt('last_seen_at'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
