import { integer, jsonb, pgTable, primaryKey, text, index } from 'drizzle-orm/pg-core';
import { writtenAt } from './columns';

/** Idempotency-Key records for money-creating POSTs (kept at least 24 hours). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    /** sha256 of method, route and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: writtenAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
