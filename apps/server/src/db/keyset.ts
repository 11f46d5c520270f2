import { sql, type SQL } from 'drizzle-orm';

/**
 * Keyset pagination over several sources merged newest first (the transaction history):
 * order by timestamp desc, then source name desc, then sort id desc. A source's query orders
 * by its timestamp desc and sort id desc and applies `afterKeySql`.
 */
export interface KeysetCursor<Source extends string = string> {
  /** Exact timestamp text from PostgreSQL (microseconds, UTC), see `keyTimeSql`. */
  at: string;
  source: Source;
  id: string;
}

/** Select expression giving a timestamp column as exact UTC text with microseconds. */
export function keyTimeSql(column: SQL | SQL.Aliased | unknown): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * WHERE fragment for "after the cursor" in the merged order, for `source` whose timestamp
 * column is `at` and sort id expression is `id` (already comparable as text).
 */
export function afterKeySql(source: string, after: KeysetCursor | undefined, at: SQL, id: SQL): SQL {
  if (!after) return sql`true`;
  const cursorAt = sql`${after.at}::timestamptz`;
  if (source < after.source) return sql`${at} <= ${cursorAt}`;
  if (source > after.source) return sql`${at} < ${cursorAt}`;
  return sql`${at} <= ${cursorAt} and (${at} < ${cursorAt} or ${id} < ${after.id})`;
}
