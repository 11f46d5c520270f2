import type { DbOrTx } from './client';

/**
 * A prepared statement per database handle, built on first use. Hot read paths (the session
 * behind every signed-in request, balances) skip Drizzle's query building each time, and on
 * PostgreSQL each pooled connection parses and plans the statement once.
 */
export function preparedPerDatabase<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const statements = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
