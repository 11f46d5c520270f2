import { bigint, boolean, check, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { writtenAt } from './columns';

/**
 * Investment plans (SPEC §9 seeded by migration 0007). The rate is stored in basis points
 * (8% = 800) so no float touches it; money in integer cents. Plans are never deleted:
 * staff retire them, which stops new investments and leaves running ones alone.
 */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    roiBasisPoints: integer('roi_basis_points').notNull(),
    minCents: bigint('min_cents', { mode: 'number' }).notNull(),
    maxCents: bigint('max_cents', { mode: 'number' }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    description: text('description').notNull().default(''),
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
    retired: boolean('retired').notNull().default(false),
    createdAt: writtenAt(),
    updatedAt: writtenAt('updated_at'),
  },
  (table) => [
    uniqueIndex('plans_name_unique').on(sql`lower(${table.name})`),
    check('plans_rate_positive', sql`${table.roiBasisPoints} > 0`),
    check('plans_range', sql`${table.minCents} > 0 and ${table.maxCents} >= ${table.minCents}`),
    check('plans_duration_positive', sql`${table.durationSeconds} > 0`),
  ],
);

export type PlanRow = typeof plans.$inferSelect;
