import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, writtenAt } from './columns';

export type ApprovalKind = 'balance' | 'profit' | 'fees' | 'withdrawal';
export type ApprovalStatus = 'Pending' | 'Approved' | 'Rejected';

/**
 * Four eyes (PRODUCT §1.12): an adjustment or a withdrawal approval above the threshold is
 * recorded here by one staff member and carried out only when a second one approves it.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<ApprovalKind>().notNull(),
    /** The account whose money it moves. */
    userId: text('user_id').notNull(),
    withdrawalId: text('withdrawal_id'),
    operation: text('operation').$type<'add' | 'deduct'>(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason'),
    status: text('status').$type<ApprovalStatus>().notNull().default('Pending'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: writtenAt('requested_at'),
    decidedBy: text('decided_by'),
    decidedAt: at('decided_at'),
    decisionNote: text('decision_note'),
  },
  (table) => [
    index('approval_requests_status_idx').on(table.status, table.requestedAt),
    uniqueIndex('approval_requests_pending_withdrawal_unique').on(table.withdrawalId).where(sql`${table.status} = 'Pending' and ${table.withdrawalId} is not null`),
  ],
);

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
