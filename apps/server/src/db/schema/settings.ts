import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator settings, one row per key; values are validated by services/platform/settings.ts. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
