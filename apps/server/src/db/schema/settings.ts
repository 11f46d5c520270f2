import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { writtenAt } from './columns';

/** Operator settings, one row per key; values are validated by services/platform/settings.ts. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: writtenAt('updated_at'),
  updatedBy: text('updated_by'),
});
