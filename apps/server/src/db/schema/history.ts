import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { HistoryType } from '@app/shared';

/**
 * The transaction history as a read model (ADR 0019): one row per history item, written only
 * by triggers on payments, withdrawals, investments and ledger postings (migration
 * 0017_history_entries_triggers) in the same transaction as the source row, so a page is one
 * indexed keyset read of items already rendered as JSON. Not money: it copies what the source
 * tables say; the ledger stays the only writer of money.
 */
export const historyEntries = pgTable(
  'history_entries',
  {
    userId: text('user_id').notNull(),
    type: text('type').$type<HistoryType>().notNull(),
    /** The source row's id (a journal's id zero-padded to 20 digits), compared in "C" collation. */
    sortId: text('sort_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    /** Signed effect on the balance (0 while pending or rejected); the CSV shows the item's amount, as the page does. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** transactionId, investmentId or _id (CSV). */
    reference: text('reference').notNull(),
    /** The API item as compact JSON text, without the explorer links (they depend on settings). */
    item: text('item').notNull(),
    /** The hash an explorer link is made of (deposit tx or payout tx), and its asset. */
    explorerHash: text('explorer_hash'),
    asset: text('asset'),
  },
  (table) => [
    primaryKey({ columns: [table.type, table.sortId] }),
    index('history_entries_page_idx').on(table.userId, table.at.desc(), table.type.desc(), sql`(${table.sortId} collate "C") desc`),
  ],
);

/**
 * Each user's history version: raised by one whenever any of their history_entries rows is
 * written or removed, by a deferred trigger (migration 0021_history_versions_trigger), so at
 * commit, in commit order. Two reads that see the same version see the same history: a page
 * rendered at a version stays true until the next one (ADR 0023). No row: version 0.
 */
export const historyVersions = pgTable('history_versions', {
  userId: text('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
