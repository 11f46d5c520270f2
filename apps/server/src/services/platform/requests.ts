import { and, asc, eq, sql, type SQL, type Table } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isStaff, type StaffQueueQuery } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { jsonRow, type JsonRow } from '../../db/json-row';
import { decodeKeyset, keysetAt, keysetPage, pastKeysetPlaceholders } from '../../db/keyset';
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
const ownerJson = jsonRow(users, ['id', 'name', 'email']);

/**
 * A table of requests staff decide: its id, owner and status columns. (`from` takes it as a
 * plain PgTable: Drizzle's check against data-modifying subqueries cannot see through a type
 * parameter; the selected fields keep the table's own row type.)
 */
type RequestTable = PgTable & { id: PgColumn; userId: PgColumn; status: PgColumn };

/** A row of a queue's page as read: the request and owner as JSON, the cursor's timestamp text, the extra values. */
type QueueRow<Extra> = { [K in keyof Extra]: Extra[K] extends SQL<infer V> ? V : never } & { request: Record<string, unknown>; user: Record<string, unknown>; at: string };

/**
 * A staff queue over a table of requests: its Pending rows, oldest `at` first (ties by id), each
 * with its owner and `extra` (expressions read in the same statement, such as the owner's
 * balances), a keyset page at a time; `nextCursor` is null on the last page. `name` names its
 * two prepared statements (first page, page after a cursor): a page skips Drizzle's query
 * building, and PostgreSQL plans each once per connection. The request and its owner come as
 * one JSON value each (db/json-row.ts), which the driver parses natively, rather than a column
 * at a time through Drizzle.
 */
export function pendingQueue<T extends RequestTable, Extra extends Record<string, SQL>>(name: string, table: T, at: PgColumn, extra: Extra = {} as Extra) {
  const request = jsonRow(table as Table) as unknown as JsonRow<T['$inferSelect']>;
  const pageStatement = (afterCursor: boolean) =>
    preparedPerDatabase((db) =>
      db
        .select({ ...extra, request: request.sql, user: ownerJson.sql, at: keysetAt(at) })
        .from(table as PgTable)
        .innerJoin(users, eq(users.id, table.userId))
        .where(and(eq(table.status, 'Pending'), afterCursor ? pastKeysetPlaceholders(at, table.id, 'asc') : undefined))
        .orderBy(asc(at), asc(table.id))
        .limit(sql.placeholder('limit'))
        .prepare(`${name}_${afterCursor ? 'after' : 'first'}`),
    );
  const first = pageStatement(false);
  const after = pageStatement(true);
  return async (db: DbOrTx, query: StaffQueueQuery) => {
    const cursor = decodeKeyset(query.cursor);
    const read = (await (cursor ? after(db).execute({ ...cursor, limit: query.limit + 1 }) : first(db).execute({ limit: query.limit + 1 }))) as QueueRow<Extra>[];
    const rows = read.map((row) => ({ ...row, request: request.decode(row.request), user: ownerJson.decode(row.user) }));
    return keysetPage(rows, query.limit, (row) => ({ at: row.at, id: row.request.id as string }));
  };
}

/** One request (the row `where` finds) with its owner, for its owner or staff; anyone else gets 404 `message`, as if it did not exist. */
export async function requestForViewer<T extends RequestTable>(db: DbOrTx, table: T, where: SQL, viewer: SessionUser, message: string) {
  const [row] = await db.select({ request: table, user: ownerColumns }).from(table as PgTable).innerJoin(users, eq(users.id, table.userId)).where(where).limit(1);
  if (!row || ((row.request as { userId: string }).userId !== viewer.id && !isStaff(viewer.role))) throw notFound(message);
  return row;
}
