import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isStaff, type StaffQueueQuery } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { afterKeyset, decodeKeyset, keysetAt, keysetPage } from '../../db/keyset';
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

/**
 * One keyset page of a staff queue: the table's Pending rows, oldest `at` first (ties by id),
 * each with its owner and `extra` (expressions read in the same statement, such as the owner's
 * balances); `nextCursor` is null on the last page.
 */
export async function pendingQueuePage<T extends RequestTable, Extra extends Record<string, SQL>>(
  db: DbOrTx,
  table: T,
  at: PgColumn,
  query: StaffQueueQuery,
  extra: Extra = {} as Extra,
) {
  const read = await db
    .select({ ...extra, request: table, user: ownerColumns, at: keysetAt(at) })
    .from(table as PgTable)
    .innerJoin(users, eq(users.id, table.userId))
    .where(and(eq(table.status, 'Pending'), afterKeyset(at, table.id, decodeKeyset(query.cursor))))
    .orderBy(asc(at), asc(table.id))
    .limit(query.limit + 1);
  return keysetPage(read, query.limit, (row) => ({ at: row.at as string, id: (row.request as { id: string }).id }));
}

/** One request (the row `where` finds) with its owner, for its owner or staff; anyone else gets 404 `message`, as if it did not exist. */
export async function requestForViewer<T extends RequestTable>(db: DbOrTx, table: T, where: SQL, viewer: SessionUser, message: string) {
  const [row] = await db.select({ request: table, user: ownerColumns }).from(table as PgTable).innerJoin(users, eq(users.id, table.userId)).where(where).limit(1);
  if (!row || ((row.request as { userId: string }).userId !== viewer.id && !isStaff(viewer.role))) throw notFound(message);
  return row;
}
