import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from '../lib/errors';

/**
 * Keyset pages of a list ordered by (timestamp, id), ascending as the staff queues are or
 * descending as the users list is: a page
 * costs the same on the first or the thousandth case, and a case decided meanwhile neither
 * shifts nor repeats the next page. The cursor holds the last row's timestamp as PostgreSQL
 * wrote it (microseconds; a Date keeps milliseconds) and its id.
 */
export interface Keyset {
  at: string;
  id: string;
}

/** A select field: the timestamp's exact text, for the cursor. */
export const keysetAt = (at: AnyColumn): SQL<string> => sql<string>`${at}::text`;

export function decodeKeyset(text: string | undefined): Keyset | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 2) throw new Error('bad');
    const [at, id] = value as unknown[];
    if (typeof at !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2}$/.test(at)) throw new Error('bad');
    if (typeof id !== 'string' || id.length > 100) throw new Error('bad');
    return { at, id };
  } catch {
    throw badRequest('Invalid cursor');
  }
}

/**
 * WHERE fragment of a prepared page statement: past the cursor given as the `at` and `id`
 * placeholders (execute it with the decoded Keyset), after it in ascending order, before it in
 * descending order.
 */
export function pastKeysetPlaceholders(at: AnyColumn, id: AnyColumn, order: 'asc' | 'desc'): SQL {
  const position = sql`(${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')})`;
  return order === 'asc' ? sql`(${at}, ${id}) > ${position}` : sql`(${at}, ${id}) < ${position}`;
}

/**
 * Given `limit + 1` rows read in order, the page and the next page's cursor (null on the last).
 * `position` gives a row's exact timestamp text and id.
 */
export function keysetPage<R>(rows: R[], limit: number, position: (row: R) => Keyset): { rows: R[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = position(page[page.length - 1]!);
  return { rows: page, nextCursor: Buffer.from(JSON.stringify([last.at, last.id])).toString('base64url') };
}
