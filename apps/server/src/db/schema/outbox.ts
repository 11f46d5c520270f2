import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, writtenAt } from './columns';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'stored' | 'restored';

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** What kind of email this is (verification, login-code, ...), for staff and tests. */
    kind: text('kind').notNull(),
    /** pending: waiting for SMTP; sent; failed: gave up after retries; stored: no SMTP configured; restored: waiting when a backup was taken, sent only when staff say so. */
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: writtenAt('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: writtenAt(),
    sentAt: at('sent_at'),
  },
  (table) => [
    index('email_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('email_outbox_created_idx').on(table.createdAt),
  ],
);

export type OutboxRow = typeof emailOutbox.$inferSelect;
