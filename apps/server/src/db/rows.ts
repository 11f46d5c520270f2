import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** The rows of a raw SQL query, whichever driver runs it (node-postgres and PGlite both answer `{ rows }`). */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/**
 * Constant names (statuses, account kinds, roles, setting keys) as a list of SQL string
 * literals, `'a', 'b'`: written in the statement rather than passed as parameters, so that a
 * statement without others keeps its plan (db/keyset.ts). Anything but a plain name throws.
 */
export function nameLiterals(names: readonly string[]): SQL {
  for (const name of names) if (!/^[A-Za-z_]+$/.test(name)) throw new Error(`nameLiterals: ${name} is not a plain name`);
  return sql.raw(names.map((name) => `'${name}'`).join(', '));
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
