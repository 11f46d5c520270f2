import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { writtenAt } from './columns';

/** Append-only: a trigger (migration) refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: writtenAt('at'),
    actorId: text('actor_id'),
    impersonatorId: text('impersonator_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    index('audit_log_actor_idx').on(table.actorId),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
