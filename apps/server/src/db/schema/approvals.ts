import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApprovalView, Role } from '@app/shared';
import { at, writtenAt } from './columns';

export type ApprovalKind = ApprovalView['kind'];
export type ApprovalStatus = ApprovalView['status'];

/**
 * Four eyes (PRODUCT §1.12): an adjustment or a withdrawal approval above the threshold is
 * recorded here by one staff member and carried out only when a second one approves it; so is
 * an admin's demotion or suspension of another admin, which a third admin approves (issue 39).
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<ApprovalKind>().notNull(),
    /** The account whose money (or, for 'role', whose role) it changes. */
    userId: text('user_id').notNull(),
    withdrawalId: text('withdrawal_id'),
    operation: text('operation').$type<'add' | 'deduct'>(),
    /** 0 for a 'role' request, which moves no money. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The role a 'role' request gives the admin. */
    role: text('role').$type<Role>(),
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
    uniqueIndex('approval_requests_pending_role_unique').on(table.userId).where(sql`${table.status} = 'Pending' and ${table.kind} = 'role'`),
    index('approval_requests_requester_pending_idx').on(table.requestedBy).where(sql`${table.status} = 'Pending'`),
  ],
);

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
