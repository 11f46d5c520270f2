import { timestamp } from 'drizzle-orm/pg-core';

/** Every time column: a timestamptz. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written, set by the database. */
export const writtenAt = (name = 'created_at') => at(name).notNull().defaultNow();
