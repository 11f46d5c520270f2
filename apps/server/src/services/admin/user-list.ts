import { and, count, desc, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SortOrder, StaffQueueQuery, UserSort } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { userCounts, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { userFigures, walletFigures } from '../../ledger/balances';
import { decodeKeyset, keysetAt, keysetPage, keysetStatements, pastKeysetPlaceholders, type Keyset } from '../../db/keyset';
import { jsonCents, jsonIso, jsonObject, jsonPageText, jsonValue } from '../../db/json-text';
import { preparedPerDatabase } from '../../db/prepared';
import { caseListText } from '../platform/requests';

/** The back office's users list (GET /api/users/getUsers): keyset pages, searched and sorted. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/**
 * A column of users with its table's name: a one-table select names columns bare, and the
 * balances' subquery reads accounts, which have an id and a created_at of their own.
 */
const ofUser = <T = unknown>(column: AnyPgColumn) => sql<T>`${users}.${sql.identifier(column.name)}`;
const qualifiedUserId = ofUser<string>(users.id);

/**
 * A user in the staff list as JSON text (left open, for caseListText): the fields its schema
 * names, in its order, written by the statement with the user's figures (their accounts read
 * once). The route sends the page as it is, without reading rows into objects and writing them again.
 */
const listedUserText = userFigures(qualifiedUserId, (cents) =>
  jsonObject([
    ['_id', jsonValue(qualifiedUserId)],
    ['name', jsonValue(ofUser(users.name))],
    ['email', jsonValue(ofUser(users.email))],
    ['phone', jsonValue(ofUser(users.phone))],
    ['country', jsonValue(ofUser(users.country))],
    ['photo', jsonValue(ofUser(users.photo))],
    ['role', jsonValue(ofUser(users.role))],
    ['isVerified', jsonValue(ofUser(users.isVerified))],
    ['kycStatus', jsonValue(ofUser(users.kycStatus))],
    ['balance', jsonCents(cents.balance)],
    ['availableBalance', jsonCents(cents.available)],
    ['investmentBalance', jsonCents(cents.invested)],
    ['totalMaturityAmount', jsonCents(cents.totalProfit)],
    ['fees', jsonCents(cents.fees)],
    ['hasFees', jsonValue(ofUser(users.hasFees))],
    ['createdAt', jsonIso(ofUser(users.createdAt))],
    ['lastLoginAt', jsonIso(ofUser(users.lastLoginAt))],
  ], { open: true }),
) as SQL<string | null>;

type UserCounts = { live: number; verified: number; suspended: number };
/**
 * A select expression: the SPEC §3 counts (one row, kept by triggers), read once per statement,
 * as JSON text: every row carries it, and only the first row's is parsed.
 */
const userCountsText = sql<string | null>`(select json_build_object('live', ${userCounts.live}, 'verified', ${userCounts.verified}, 'suspended', ${userCounts.suspended})::text from ${userCounts})`;

/** A page's fields: each user's text, their position (the cursor's timestamp text, the id), the search's matches (counted in the page or not) and the counts. */
const pageFields = (countInPage: boolean) => ({
  view: listedUserText,
  at: keysetAt(users.createdAt),
  id: qualifiedUserId,
  matching: countInPage ? sql<string | null>`count(*) over ()` : sql<string | null>`null`,
  counts: userCountsText,
});
const NEWEST_FIRST = [desc(users.createdAt), desc(users.id)];

/**
 * The list without a search (what the back office opens with), prepared: from the start or
 * before a cursor; the default first page has no parameters, so PostgreSQL plans it once per
 * connection (db/keyset.ts).
 */
const unsearchedPage = keysetStatements((beforeCursor, limit, suffix) =>
  preparedPerDatabase((db) =>
    db
      .select(pageFields(false))
      .from(users)
      .where(and(isNull(users.deletedAt), beforeCursor ? pastKeysetPlaceholders(users.createdAt, users.id, 'desc') : undefined))
      .orderBy(...NEWEST_FIRST)
      .limit(limit)
      .prepare(`users_list_${suffix}`),
  ),
);

/**
 * Live users whose name matches the search (its text and ILIKE pattern: `users_named`, migrations
 * 0023 and 0024, read through the words of every name) or whose email contains it
 * (`users_emailed`, through its trigram index; none for a search with white space). Both are
 * functions so that this statement's plan does not depend on the search, and PostgreSQL keeps
 * one plan for it instead of planning it for every search (ADR 0019).
 */
const matchingIds = sql`select users_named(${sql.placeholder('search')}, ${sql.placeholder('pattern')})
  union select users_emailed(${sql.placeholder('search')}, ${sql.placeholder('pattern')})`;
const MATCHES_SEARCH = and(isNull(users.deletedAt), sql`${users.id} in (${matchingIds})`);

/**
 * The users matching a search, under the users table's own name so the page's fields read them.
 * OFFSET 0 keeps PostgreSQL from merging it into the page's statement: the matches are found
 * first (through the word and trigram indexes), then ordered and cut. A prepared statement is
 * planned without its pattern; merged, that plan walks the whole table newest first in search
 * of a rare name (ADR 0019: 190-230 ms on 101,000 users).
 */
const matchingUsers = sql`(select * from ${users} where ${MATCHES_SEARCH} offset 0) as ${users}`;

/** A search's page: the first (counting its matches in the same statement) or a page before a cursor. Exported for its plan's test. */
export const searchPageQuery = (db: DbOrTx, beforeCursor: boolean) =>
  db
    .select(pageFields(!beforeCursor))
    .from(matchingUsers)
    .where(beforeCursor ? pastKeysetPlaceholders(users.createdAt, users.id, 'desc') : undefined)
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder('limit'));
const searchedPage = (beforeCursor: boolean) =>
  preparedPerDatabase((db) => searchPageQuery(db, beforeCursor).prepare(`users_search_${beforeCursor ? 'before' : 'first'}`));
const firstSearchedPage = searchedPage(false);
const searchedPageBefore = searchedPage(true);
const searchMatchCount = preparedPerDatabase((db) => db.select({ total: count() }).from(users).where(MATCHES_SEARCH).prepare('users_search_count'));

/** A search's placeholders: its text (the name's terms) and the email's ILIKE pattern. */
type Search = {
  search: string;
  pattern: string;
};

/**
 * What the users table sorts by besides joined-newest-first: each column's expression and its
 * type for the cursor's value. The users' columns walk their (column, id) indexes (migration
 * 0026) either way; the book balance is the one derived figure, read for every live user (or
 * every match of a search) and ordered.
 */
const SORT_KEYS: Record<UserSort, { key: SQL; type: 'text' | 'timestamptz' | 'bigint' }> = {
  joined: { key: ofUser(users.createdAt), type: 'timestamptz' },
  name: { key: ofUser(users.name), type: 'text' },
  email: { key: ofUser(users.email), type: 'text' },
  role: { key: ofUser(users.role), type: 'text' },
  kyc: { key: ofUser(users.kycStatus), type: 'text' },
  balance: { key: walletFigures(qualifiedUserId, ({ balance }) => balance), type: 'bigint' },
};

/** A sorted page's cursor: the last row's sort value as text (its type's own text) and its id. */
interface SortedKeyset {
  value: string;
  id: string;
}

function decodeSortedKeyset(text: string | undefined, type: 'text' | 'timestamptz' | 'bigint'): SortedKeyset | undefined {
  if (!text) return undefined;
  const value = ((): unknown => {
    try {
      return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
  })();
  const [sortValue, id] = Array.isArray(value) && value.length === 2 ? (value as unknown[]) : [];
  const valid =
    typeof sortValue === 'string' &&
    sortValue.length <= 300 &&
    (type !== 'bigint' || /^-?\d{1,18}$/.test(sortValue)) &&
    (type !== 'timestamptz' || !Number.isNaN(Date.parse(sortValue))) &&
    typeof id === 'string' &&
    id.length <= 100;
  if (!valid) throw badRequest('Invalid cursor');
  return { value: sortValue, id };
}

/** One prepared statement per sort, order, search or not, and from the start or past a cursor. */
const sortedStatements = new Map<string, ReturnType<typeof sortedStatement>>();
function sortedStatement(sort: UserSort, order: SortOrder, searched: boolean, pastCursor: boolean) {
  const { key, type } = SORT_KEYS[sort];
  const direction = sql.raw(order);
  const position = sql`(${sql.placeholder('value')}::${sql.raw(type)}, ${sql.placeholder('id')})`;
  return preparedPerDatabase((db) =>
    db
      .select({ ...pageFields(searched && !pastCursor), position: sql<string>`${key}::text` })
      .from(searched ? matchingUsers : users)
      .where(
        and(
          searched ? undefined : isNull(users.deletedAt),
          pastCursor ? (order === 'asc' ? sql`(${key}, ${qualifiedUserId}) > ${position}` : sql`(${key}, ${qualifiedUserId}) < ${position}`) : undefined,
        ),
      )
      .orderBy(sql`${key} ${direction}`, sql`${qualifiedUserId} ${direction}`)
      .limit(sql.placeholder('limit'))
      .prepare(`users_sorted_${sort}_${order}_${searched ? 'search' : 'all'}_${pastCursor ? 'after' : 'first'}`),
  );
}
function sortedPage(sort: UserSort, order: SortOrder, searched: boolean, pastCursor: boolean) {
  const name = `${sort} ${order} ${searched} ${pastCursor}`;
  let statement = sortedStatements.get(name);
  if (!statement) {
    statement = sortedStatement(sort, order, searched, pastCursor);
    sortedStatements.set(name, statement);
  }
  return statement;
}

/** A page of `size` rows and the one after it (whether there is more), searched or not, from the start or before a cursor. */
function readPage(db: DbOrTx, search: Search | undefined, cursor: Keyset | undefined, size: number) {
  const limit = size + 1;
  if (search === undefined) return unsearchedPage(cursor, size)(db).execute({ ...cursor, limit });
  return cursor ? searchedPageBefore(db).execute({ ...search, ...cursor, limit }) : firstSearchedPage(db).execute({ ...search, limit });
}

type UserListRead = StaffQueueQuery & { search?: string | undefined; sort?: UserSort | undefined; order?: SortOrder | undefined };

/** The SPEC §3 counts as the page gives them, or read apart for an empty page (no row carries them). */
async function countsOf(db: DbOrTx, firstRow: { counts: string | null } | undefined): Promise<UserCounts | undefined> {
  return firstRow?.counts ? (JSON.parse(firstRow.counts) as UserCounts) : (await db.select().from(userCounts))[0];
}

/** listUsers sorted by another column or order than joined-newest-first: the same page, its cursor the sort value and id. */
async function listSortedUsers(db: DbOrTx, search: Search | undefined, sort: UserSort, order: SortOrder, query: UserListRead): Promise<string> {
  const cursor = decodeSortedKeyset(query.cursor, SORT_KEYS[sort].type);
  const countInPage = search !== undefined && !cursor;
  const [[matched], read] = await Promise.all([
    search !== undefined && cursor ? searchMatchCount(db).execute(search) : [undefined],
    sortedPage(sort, order, search !== undefined, cursor !== undefined)(db).execute({ ...search, ...cursor, limit: query.limit + 1 }),
  ]);
  const counts = await countsOf(db, read[0]);
  const all = counts?.live ?? 0;
  const total = countInPage ? Number(read[0]?.matching ?? 0) : matched ? Number(matched.total) : all;
  const rows = read.slice(0, query.limit);
  const last = rows[rows.length - 1];
  const nextCursor = read.length > query.limit && last ? Buffer.from(JSON.stringify([last.position, last.id])).toString('base64url') : null;
  return jsonPageText('users', caseListText(rows), nextCursor, {
    total,
    counts: { all, verified: counts?.verified ?? 0, suspended: counts?.suspended ?? 0 },
  });
}

/**
 * GET /api/users/getUsers: newest first in keyset pages (ADR 0019), optionally matching a
 * search by name or email, with the SPEC §3 counts, as the page's JSON text (the route sends it
 * as it is). A page is one statement, each user's figures and the counts read in it.
 */
export async function listUsers(db: DbOrTx, query: UserListRead): Promise<string> {
  const text = query.search?.trim();
  const search = text ? { search: text, pattern: `%${escapeLike(text)}%` } : undefined;
  const sort = query.sort ?? 'joined';
  const order = query.order ?? (sort === 'joined' ? 'desc' : 'asc');
  if (sort !== 'joined' || order !== 'desc') return listSortedUsers(db, search, sort, order, query);
  const cursor = decodeKeyset(query.cursor);
  // A search's first page counts its matches in the same statement (the indexes are read once,
  // not twice); a later page counts them apart, as the cursor narrows the statement's rows.
  const countInPage = search !== undefined && !cursor;
  const [[matched], read] = await Promise.all([
    search !== undefined && cursor ? searchMatchCount(db).execute(search) : [undefined],
    readPage(db, search, cursor, query.limit),
  ]);
  const counts = await countsOf(db, read[0]);
  const all = counts?.live ?? 0;
  const total = countInPage ? Number(read[0]?.matching ?? 0) : matched ? Number(matched.total) : all;
  const { rows, nextCursor } = keysetPage(read, query.limit, (row) => ({ at: row.at, id: row.id }));
  return jsonPageText('users', caseListText(rows), nextCursor, {
    total,
    counts: { all, verified: counts?.verified ?? 0, suspended: counts?.suspended ?? 0 },
  });
}

