import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '@app/shared';
import { at, writtenAt } from './columns';

export type PaymentSource = 'reported' | 'chain';

/** A reported deposit: Pending until staff confirm (credit) or reject it. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** Human-readable id shown to users and staff, e.g. "DEP-7K2M9QX4". */
    transactionId: text('transaction_id').notNull(),
    userId: text('user_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    asset: text('asset'),
    txHash: text('tx_hash'),
    status: text('status').$type<PaymentStatus>().notNull().default('Pending'),
    notes: text('notes'),
    createdAt: writtenAt(),
    decidedAt: at('decided_at'),
    decidedBy: text('decided_by'),
    journalId: bigint('journal_id', { mode: 'number' }),
    /** 'reported' by the user, or 'chain': created by the watcher from a transfer to the user's own address. */
    source: text('source').$type<PaymentSource>().notNull().default('reported'),
  },
  (table) => [
    uniqueIndex('payments_transaction_id_unique').on(table.transactionId),
    index('payments_user_idx').on(table.userId, table.createdAt, table.id),
    index('payments_status_idx').on(table.status, table.createdAt),
    index('payments_tx_hash_idx').on(sql`lower(${table.txHash})`).where(sql`${table.txHash} is not null`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
