import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { InvestmentStatus } from '@app/shared';
import { at, writtenAt } from './columns';

export type InvestmentKind = 'new' | 'upgrade';
export type InvestmentEndReason = 'matured' | 'upgraded';

/**
 * One investment: Pending (amount held) -> Active (settled into invested, term running) ->
 * Ended (principal + profit back in the wallet), or Pending -> Rejected (hold released).
 * The plan's rate and duration are copied at request time, so editing a plan never changes
 * an investment already made. An upgrade is a new investment row pointing at the Active
 * one it replaces (`upgradeFromId`), holding only the top-up until staff decide.
 */
export const investments = pgTable(
  'investments',
  {
    id: text('id').primaryKey(),
    /** Human-readable id shown to users and staff, e.g. "INV-7K2M9QX4". */
    investmentId: text('investment_id').notNull(),
    userId: text('user_id').notNull(),
    planId: text('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    roiBasisPoints: integer('roi_basis_points').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** Principal. For an upgrade: the top-up while Pending, principal + profit + top-up once Active. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<InvestmentStatus>().notNull().default('Pending'),
    /** Profit credited at the end (SPEC "maturityAmount"); null until then. */
    profitCents: bigint('profit_cents', { mode: 'number' }),
    kind: text('kind').$type<InvestmentKind>().notNull().default('new'),
    upgradeFromId: text('upgrade_from_id'),
    topUpCents: bigint('top_up_cents', { mode: 'number' }).notNull().default(0),
    /** Set when an upgrade replaces this investment, pointing at the new one. */
    upgradedToId: text('upgraded_to_id'),
    endReason: text('end_reason').$type<InvestmentEndReason>(),
    notes: text('notes'),
    createdAt: writtenAt(),
    decidedAt: at('decided_at'),
    decidedBy: text('decided_by'),
    startDate: at('start_date'),
    endDate: at('end_date'),
    endedAt: at('ended_at'),
  },
  (table) => [
    uniqueIndex('investments_investment_id_unique').on(table.investmentId),
    index('investments_user_idx').on(table.userId, table.createdAt, table.id),
    index('investments_pending_idx').on(table.status, table.createdAt).where(sql`${table.status} = 'Pending'`),
    /** The maturity job's scan: Active investments by end date. */
    index('investments_due_idx').on(table.endDate).where(sql`${table.status} = 'Active'`),
    /** At most one pending upgrade per investment. */
    uniqueIndex('investments_pending_upgrade_unique')
      .on(table.upgradeFromId)
      .where(sql`${table.status} = 'Pending' and ${table.upgradeFromId} is not null`),
    check('investments_amount_nonnegative', sql`${table.amountCents} >= 0`),
    check('investments_top_up_nonnegative', sql`${table.topUpCents} >= 0`),
  ],
);

export type InvestmentRow = typeof investments.$inferSelect;
