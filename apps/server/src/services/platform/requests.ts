import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isStaff, type StaffQueueQuery } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { jsonObject, jsonValue } from '../../db/json-text';
import { decodeKeyset, keysetAt, keysetPage, keysetStatements, pastKeysetPlaceholders } from '../../db/keyset';
import { preparedPerDatabase } from '../../db/prepared';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/sessions';

/**
 * Requests users make and staff decide (deposits, withdrawals, investments): a staff queue's
 * page, and one request for its owner or staff.
 */

/** What staff see of a request's owner. */
const ownerColumns = { id: users.id, name: users.name, email: users.email };

/**
 * A table of requests staff decide: its id, owner and status columns. (`from` takes it as a
 * plain PgTable: Drizzle's check against data-modifying subqueries cannot see through a type
 * parameter; the selected fields keep the table's own row type.)
 */
type RequestTable = PgTable & { id: PgColumn; userId: PgColumn; status: PgColumn };

/** A field of a queue's page: an expression, or a column (Drizzle maps a column's value faster: it tests for a column first). */
type QueueField = SQL | PgColumn;
type FieldValue<F> = F extends SQL<infer V> ? V : F extends PgColumn ? (F['_']['notNull'] extends true ? F['_']['data'] : F['_']['data'] | null) : never;
/** A row of a queue's page as read: the fields' values, and the request's position (cursor). */
type QueueRow<Fields> = { [K in keyof Fields]: FieldValue<Fields[K]> } & { queueAt: string; queueId: string };

/** The request's owner as the queues show them, as `jsonObject` entries (personSchema's keys in order), for a queue that adds its own. */
export const ownerJsonEntries = [
  ['_id', jsonValue(users.id)],
  ['name', jsonValue(users.name)],
  ['email', jsonValue(users.email)],
] as const;

/** A queue's field: the request's owner as JSON text (`ownerJsonEntries`). */
export const ownerJsonText = jsonObject(ownerJsonEntries);

/**
 * A page's cases as a JSON array's text: each case's text as its statement wrote it (left open,
 * `jsonObject`'s `open`), then the keys `rest` appends for it (none without `rest`), closed. A
 * case's text is null only for an instant outside the years 1-9999: the error a Date writing it
 * would raise.
 */
export function caseListText<Row extends { view: string | null }>(rows: readonly Row[], rest?: (row: Row) => string): string {
  const cases = rows.map((row) => {
    if (row.view === null) throw new RangeError('Invalid time value');
    return `${row.view}${rest ? rest(row) : ''}}`;
  });
  return `[${cases.join(',')}]`;
}

/**
 * A staff queue over a table of requests: its Pending rows, oldest `at` first (ties by id), each
 * read as `fields` (expressions over the request and its owner, `users`, such as the case
 * rendered by the statement or the owner's balances), a keyset page at a time; `nextCursor` is
 * null on the last page. `name` names its prepared statements (first page or after a cursor, of
 * the default size or another): a page skips Drizzle's query building, and PostgreSQL plans the
 * default first page, which has no parameters, once per connection. The status is written in
 * the statement too: on a generic plan, an unknown status looked common enough for a parallel scan.
 */
export function pendingQueue<T extends RequestTable, Fields extends Record<string, QueueField>>(name: string, table: T, at: PgColumn, fields: Fields) {
  const statementFor = keysetStatements((afterCursor, limit, suffix) =>
    preparedPerDatabase((db) =>
      db
        .select({ ...fields, queueAt: keysetAt(at), queueId: table.id })
        .from(table as PgTable)
        .innerJoin(users, eq(users.id, table.userId))
        .where(and(sql`${table.status} = 'Pending'`, afterCursor ? pastKeysetPlaceholders(at, table.id, 'asc') : undefined))
        .orderBy(asc(at), asc(table.id))
        .limit(limit)
        .prepare(`${name}_${suffix}`),
    ),
  );
  return async (db: DbOrTx, query: StaffQueueQuery) => {
    const cursor = decodeKeyset(query.cursor);
    const read = (await statementFor(cursor, query.limit)(db).execute({ ...cursor, limit: query.limit + 1 })) as QueueRow<Fields>[];
    return keysetPage(read, query.limit, (row) => ({ at: row.queueAt, id: row.queueId }));
  };
}

/** One request (the row `where` finds) with its owner, for its owner or staff; anyone else gets 404 `message`, as if it did not exist. */
export async function requestForViewer<T extends RequestTable>(db: DbOrTx, table: T, where: SQL, viewer: SessionUser, message: string) {
  const [row] = await db.select({ request: table, user: ownerColumns }).from(table as PgTable).innerJoin(users, eq(users.id, table.userId)).where(where).limit(1);
  if (!row || ((row.request as { userId: string }).userId !== viewer.id && !isStaff(viewer.role))) throw notFound(message);
  return row;
}
