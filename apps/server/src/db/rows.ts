import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The rows of a raw SQL query, whichever driver runs it (node-postgres and PGlite both answer `{ rows }`). */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
