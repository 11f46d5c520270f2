import type { KeysetCursor } from '../../db/keyset';
import { formatCents, type HistoryItem, type HistoryType } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';

/**
 * The transaction history (SPEC §3 history item): several sources (payments, withdrawals,
 * staff adjustments, investments...) merged newest first with a keyset cursor, so a page
 * costs the same with 100 or 100,000 entries.
 *
 * A source answers "the user's next `limit` entries after this position" with its own
 * indexed query; the merge takes the newest across sources. To add one (investments),
 * implement HistorySource and list it in history/sources.ts.
 *
 * Order: timestamp desc, then type desc, then sortId desc. A source's SQL must order
 * by its timestamp desc, then its sort id desc (text compared in "C" collation, or a
 * zero-padded number), and apply `afterKeySql` (db/keyset.ts).
 */
export interface HistoryEntry {
  type: HistoryType;
  /** Unique within the type, comparable as text in the same order the SQL uses. */
  sortId: string;
  /** Exact timestamp text from PostgreSQL (microseconds, UTC), see `keyTimeSql`. */
  cursorAt: string;
  at: Date;
  status: string;
  /** Signed cents as they affect the user's balance (for CSV and display). */
  amountCents: number;
  description: string;
  /** The SPEC §3 fields of this type (`_id`, amount, ...). */
  fields: HistoryFields;
}

/** What a source fills in of a history item; the merge adds type, status, description and timestamp. */
export type HistoryFields = Omit<HistoryItem, 'type' | 'status' | 'description' | 'timestamp'>;

/** Where a page starts: the source (history type) and position of the last item of the page before. */
export type HistoryCursor = KeysetCursor<HistoryType>;

export interface SourceQuery {
  userId: string;
  limit: number;
  status?: string | undefined;
  after?: HistoryCursor | undefined;
}

export interface HistorySource {
  type: HistoryType;
  /** Statuses this source can have (for the filter). */
  statuses: readonly string[];
  fetch(db: DbOrTx, query: SourceQuery): Promise<HistoryEntry[]>;
}

function compareEntries(a: HistoryEntry, b: HistoryEntry): number {
  // Newest first; cursorAt is fixed-width UTC text, so text order is time order.
  if (a.cursorAt !== b.cursorAt) return a.cursorAt < b.cursorAt ? 1 : -1;
  if (a.type !== b.type) return a.type < b.type ? 1 : -1;
  if (a.sortId !== b.sortId) return a.sortId < b.sortId ? 1 : -1;
  return 0;
}

export function encodeCursor(entry: HistoryEntry): string {
  return Buffer.from(JSON.stringify({ at: entry.cursorAt, type: entry.type, id: entry.sortId })).toString('base64url');
}

export function decodeCursor(text: string | undefined): HistoryCursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { at: unknown; type: unknown; id: unknown };
    if (typeof value.at !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value.at)) throw new Error('bad');
    if (typeof value.type !== 'string' || typeof value.id !== 'string' || value.id.length > 100) throw new Error('bad');
    return { at: value.at, source: value.type as HistoryType, id: value.id };
  } catch {
    throw badRequest('Invalid cursor');
  }
}

export function toHistoryItem(entry: HistoryEntry): HistoryItem {
  // Object.assign, not `{ ...entry.fields, type, ... }`: on Node 20 that literal costs some
  // 3 µs an item (ADR 0014), 100 times a page.
  return Object.assign({}, entry.fields, {
    type: entry.type,
    status: entry.status,
    description: entry.description,
    timestamp: entry.at.toISOString(),
  });
}

export async function historyPage(
  db: DbOrTx,
  sources: readonly HistorySource[],
  query: { userId: string; type?: HistoryType | undefined; status?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor);
  const chosen = sources.filter(
    (source) => (!query.type || source.type === query.type) && (!query.status || source.statuses.includes(query.status)),
  );
  const fetched = await Promise.all(
    chosen.map((source) => source.fetch(db, { userId: query.userId, limit: query.limit + 1, status: query.status, after })),
  );
  const merged = fetched.flat().sort(compareEntries);
  const entries = merged.slice(0, query.limit);
  const more = merged.length > query.limit;
  return { entries, nextCursor: more && entries.length > 0 ? encodeCursor(entries[entries.length - 1]!) : null };
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Neutralise spreadsheet formulas, then quote.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const CSV_HEADER = ['Date', 'Type', 'Reference', 'Description', 'Status', 'Amount (USD)'];

export function csvLine(entry: HistoryEntry): string {
  const reference = (entry.fields.transactionId ?? entry.fields.investmentId ?? entry.fields._id) as string;
  return [entry.at.toISOString(), entry.type, reference, entry.description, entry.status, formatCents(entry.amountCents)].map(csvCell).join(',');
}

/** Every matching entry as CSV (pages through the sources; capped). */
export async function historyCsv(
  db: DbOrTx,
  sources: readonly HistorySource[],
  query: { userId: string; type?: HistoryType | undefined; status?: string | undefined },
  maxRows = 50_000,
): Promise<string> {
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  let cursor: string | undefined;
  while (lines.length - 1 < maxRows) {
    const page = await historyPage(db, sources, { ...query, cursor, limit: 100 });
    for (const entry of page.entries) lines.push(csvLine(entry));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return `${lines.join('\r\n')}\r\n`;
}
