import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** The rows of a raw SQL query, whichever driver runs it (node-postgres and PGlite both answer `{ rows }`). */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** A jsonb column's parameter in SQL text, as Drizzle writes it: SQL null for null or undefined, else the JSON text (cast with `::jsonb`). */
export function jsonbParam(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

const dialect = new PgDialect();

/**
 * A fragment without parameters (a column list, a `jsonRow(...).sql`) rendered to its SQL text
 * once. Drizzle renders a statement's chunks again every time it runs it, testing each chunk's
 * class through the prototype chain: for a statement of a money transaction that names every
 * column of a table or two, that cost 80-260 µs of CPU per run (bench/ledger.ts; issue 20).
 * Column references render as `"table"."column"`, so use it where the table is not aliased.
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('renderedOnce: the fragment has parameters');
  return sql.raw(text);
}
