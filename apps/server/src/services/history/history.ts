import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { HISTORY_TYPE_LABELS, historyShownAmount, type HistoryType } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { jsonPageText } from '../../db/json-text';
import { historyEntries } from '../../db/schema';
import { preparedPerDatabase } from '../../db/prepared';
import { explorerUrl } from '../../chain';
import type { AppDeps } from '../../deps';
import type { ContentCoding } from '../../lib/content-coding';
import { badRequest } from '../../lib/errors';
import { settingFrom, storedSetting } from '../platform/settings';
import { historyPageCache, historyVersionOf, type HistoryPageCache, type HistoryState } from './page-cache';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The transaction history (SPEC §3 history item): deposits, withdrawals, staff adjustments and
 * investments, newest first, with a keyset cursor. Each item is rendered as JSON once, by the
 * triggers that keep history_entries in step with its source row (migration
 * 0017_history_entries_triggers, ADR 0019); a page is one prepared index range read of those
 * texts, joined here. Before, four per-source queries were planned, merged and rendered per
 * request: 0.03 of a bare route.
 *
 * Order: timestamp desc, then type desc, then sortId desc ("C" collation).
 */
export interface HistoryCursor {
  at: string;
  type: HistoryType;
  id: string;
}

export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string | undefined): HistoryCursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as HistoryCursor;
    if (typeof value.at !== 'string' || !CURSOR_AT.test(value.at)) throw new Error('bad');
    if (typeof value.type !== 'string' || typeof value.id !== 'string' || value.id.length > 100) throw new Error('bad');
    return value;
  } catch {
    throw badRequest('Invalid cursor');
  }
}

export interface HistoryQuery {
  userId: string;
  type?: HistoryType | undefined;
  status?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * The position as PostgreSQL writes a timestamptz (microseconds, with its offset): the cheapest
 * exact text (to_char for every row cost a fifth of a page's query on PGlite).
 */
const cursorAt = sql<string>`${historyEntries.at}::text`;
const sortIdC = sql`(${historyEntries.sortId} collate "C")`;
const CURSOR_AT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2}$/;

/** WHERE of a page: the user, the filters present and the position after the cursor. */
function pageWhere(withCursor: boolean, withType: boolean, withStatus: boolean): SQL {
  const conditions: SQL[] = [eq(historyEntries.userId, sql.placeholder('userId'))];
  if (withType) conditions.push(sql`${historyEntries.type} = ${sql.placeholder('type')}`);
  if (withStatus) conditions.push(sql`${historyEntries.status} = ${sql.placeholder('status')}`);
  if (withCursor) {
    conditions.push(
      sql`(${historyEntries.at}, ${historyEntries.type}, ${sortIdC}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('afterType')}::text, (${sql.placeholder('afterId')}::text collate "C"))`,
    );
  }
  return and(...conditions)!;
}

/** Exactly history_entries_page_idx's order (nulls last as Drizzle declares it), so the index gives it. */
const ORDER = [sql`${historyEntries.at} desc nulls last`, sql`${historyEntries.type} desc nulls last`, sql`${sortIdC} desc`];
const name = (kind: string, index: number) => `history_${kind}_${index.toString(2).padStart(3, '0')}`;

/** A page's items are joined in the database with this separator, which JSON text never holds unescaped. */
const SEPARATOR = '\x1e';

/**
 * One prepared statement per filter combination (bits: cursor, type, status), so each keeps a
 * plan that is an index range scan of history_entries_page_idx. A page is one row: its items
 * joined, whether there is more, the last item's position (the next cursor), the few items
 * that need an explorer link and the explorer setting. Decoding 51-101 rows of six fields each was, on the embedded
 * database, the largest part of a page's time (ADR 0020).
 */
const pageStatements = Array.from({ length: 8 }, (_, index) =>
  preparedPerDatabase((db) => {
    const page = db
      .select({
        item: historyEntries.item,
        explorerHash: historyEntries.explorerHash,
        asset: historyEntries.asset,
        type: historyEntries.type,
        sortId: historyEntries.sortId,
        cursorAt: cursorAt.as('cursor_at'),
        n: sql<number>`row_number() over (order by ${sql.join(ORDER, sql`, `)})`.as('n'),
      })
      .from(historyEntries)
      .where(pageWhere((index & 4) !== 0, (index & 2) !== 0, (index & 1) !== 0))
      .orderBy(...ORDER)
      .limit(sql.placeholder('limit'))
      .as('page');
    const inPage = sql`${page.n} <= ${sql.placeholder('size')}`;
    const last = sql`${page.n} = ${sql.placeholder('size')}`;
    return db
      .select({
        items: sql<string | null>`string_agg(${page.item}, ${SEPARATOR} order by ${page.n}) filter (where ${inPage})`,
        more: sql<boolean>`count(*) > ${sql.placeholder('size')}`,
        lastAt: sql<string | null>`min(${page.cursorAt}) filter (where ${last})`,
        lastType: sql<HistoryType | null>`min(${page.type}) filter (where ${last})`,
        lastId: sql<string | null>`min(${page.sortId}) filter (where ${last})`,
        links: sql<Array<[index: number, hash: string, asset: string, type: HistoryType]> | null>`json_agg(json_build_array(${page.n} - 1, ${page.explorerHash}, ${page.asset}, ${page.type}) order by ${page.n}) filter (where ${inPage} and ${page.explorerHash} is not null)`,
        explorerTxUrl: storedSetting('explorerTxUrl'),
        version: historyVersionOf(sql.placeholder('userId')),
      })
      .from(page)
      .prepare(name('page', index));
  }),
);
const csvStatements = Array.from({ length: 8 }, (_, index) =>
  preparedPerDatabase((db) =>
    db
      .select({
        type: historyEntries.type,
        sortId: historyEntries.sortId,
        cursorAt,
        at: sql<string>`history_iso(${historyEntries.at})`,
        status: historyEntries.status,
        // The item's own amount, which the page shows (amount_cents is the effect on the balance: 0 while pending).
        amount: sql<string>`(${historyEntries.item}::json)->>'amount'`,
        description: historyEntries.description,
        reference: historyEntries.reference,
      })
      .from(historyEntries)
      .where(pageWhere((index & 4) !== 0, (index & 2) !== 0, (index & 1) !== 0))
      .orderBy(...ORDER)
      .limit(sql.placeholder('limit'))
      .prepare(name('csv', index)),
  ),
);

/** The statement for a query's filters, and its parameters. */
function statementFor<T>(statements: Array<(db: DbOrTx) => T>, db: DbOrTx, query: HistoryQuery) {
  const after = decodeCursor(query.cursor);
  const statement = statements[(after ? 4 : 0) + (query.type ? 2 : 0) + (query.status ? 1 : 0)]!(db);
  const params = { userId: query.userId, type: query.type, status: query.status, at: after?.at, afterType: after?.type, afterId: after?.id, limit: query.limit + 1, size: query.limit };
  return { statement, params };
}

export type HistoryRow = Awaited<ReturnType<ReturnType<(typeof csvStatements)[number]>['execute']>>[number];

/** A page of the CSV's fields, plus the cursor of the next one. */
export async function historyRows(db: DbOrTx, query: HistoryQuery): Promise<{ rows: HistoryRow[]; nextCursor: string | null }> {
  const { statement, params } = statementFor(csvStatements, db, query);
  const rows = await statement.execute(params);
  const more = rows.length > query.limit;
  if (more) rows.length = query.limit;
  const last = rows[rows.length - 1];
  return { rows, nextCursor: more && last ? encodeCursor({ at: last.cursorAt, type: last.type, id: last.sortId }) : null };
}

/** A page's place in the cache: its query, the explorer setting its links were made with, and its encoding. */
function pageKey(query: HistoryQuery, explorerTxUrl: string, encoding: ContentCoding | null): string {
  return JSON.stringify([query.type ?? null, query.status ?? null, query.cursor ?? null, query.limit, explorerTxUrl, encoding]);
}

/** Pages smaller than this are sent as they are: compression's framing would outweigh what it saves. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli's quality for a page: on a page of 100 items, 5 takes about what gzip takes (0.4 ms) for
 * 11 % fewer bytes; 10 gives 20 % fewer for 10 ms, on the first read after every change (ADR 0023).
 */
const BROTLI_QUALITY = 5;

/** The bytes as sent to a client that accepts `accepted`: compressed in it once they are worth it. */
async function asSent(bytes: Buffer, accepted: ContentCoding | null): Promise<HistoryBody> {
  if (!accepted || bytes.length < COMPRESS_FROM_BYTES) return { body: bytes, encoding: null };
  const body =
    accepted === 'gzip'
      ? await gzipAsync(bytes)
      : await brotliAsync(bytes, {
          params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
  return { body, encoding: accepted };
}

/** A page's body as sent: JSON (UTF-8 bytes), or those bytes compressed in `encoding`. */
export interface HistoryBody {
  body: Buffer;
  encoding: ContentCoding | null;
}

/**
 * GET /api/invest/getTransactionHistory as JSON: `{ history, nextCursor }` with the stored
 * items, and block-explorer links added to the deposits and payouts that carry a transaction
 * hash (the explorer setting read in the page's statement); compressed in the coding the client
 * accepts (brotli, else gzip), once the page is worth it. With the state the request read with
 * its session (ADR 0023), a page rendered (and compressed) at that history version is answered
 * from memory; a page read from the database is kept under the version its own statement saw.
 */
export async function transactionHistoryPage(deps: AppDeps, query: HistoryQuery, known: HistoryState | undefined, accepted: ContentCoding | null): Promise<HistoryBody> {
  const cache = historyPageCache(deps.db);
  if (known && accepted) {
    const compressed = cache.get(query.userId, known.version, pageKey(query, known.explorerTxUrl, accepted));
    if (compressed) return { body: compressed, encoding: accepted };
  }
  const { json, version, explorerTxUrl } = await renderedPage(deps, cache, query, known);
  const sent = await asSent(json, accepted);
  if (sent.encoding && version !== undefined) cache.set(query.userId, version, pageKey(query, explorerTxUrl, sent.encoding), sent.body);
  return sent;
}

/** The page's JSON, from memory at the known version or read, rendered and kept; with the version and setting it was made at. */
async function renderedPage(
  deps: AppDeps,
  cache: HistoryPageCache,
  query: HistoryQuery,
  known: HistoryState | undefined,
): Promise<{ json: Buffer; version?: string; explorerTxUrl: string }> {
  const cached = known && cache.get(query.userId, known.version, pageKey(query, known.explorerTxUrl, null));
  if (cached) return { json: cached, version: known.version, explorerTxUrl: known.explorerTxUrl };
  const { statement, params } = statementFor(pageStatements, deps.db, query);
  const [page] = await statement.execute(params);
  const explorerTxUrl = settingFrom('explorerTxUrl', page?.explorerTxUrl);
  const json = Buffer.from(renderPage(page, explorerTxUrl));
  if (!page) return { json, explorerTxUrl };
  cache.set(query.userId, page.version, pageKey(query, explorerTxUrl, null), json);
  return { json, version: page.version, explorerTxUrl };
}

type PageRow = Awaited<ReturnType<ReturnType<(typeof pageStatements)[number]>['execute']>>[number];

function renderPage(page: PageRow | undefined, explorerTxUrl: string): string {
  if (!page?.items) return jsonPageText('history', '[]', null);
  const nextCursor = page.more && page.lastAt && page.lastType && page.lastId ? encodeCursor({ at: page.lastAt, type: page.lastType, id: page.lastId }) : null;
  let items = page.items.replaceAll(SEPARATOR, ',');
  if (page.links) {
    const parts = page.items.split(SEPARATOR);
    for (const [index, hash, asset, type] of page.links) {
      const key = type === 'Transaction' ? 'explorerUrl' : 'payoutExplorerUrl';
      const url = asset === 'BTC' ? null : explorerUrl(explorerTxUrl, hash);
      parts[index] = `${parts[index]!.slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(url)}}`;
    }
    items = parts.join(',');
  }
  return jsonPageText('history', `[${items}]`, nextCursor);
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Neutralise spreadsheet formulas, then quote.
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const CSV_HEADER = ['Date', 'Type', 'Reference', 'Description', 'Status', 'Amount (USD)'];

/** A row as the history page shows its item: the same type name, status and signed amount. */
function csvLine(row: HistoryRow): string {
  return [row.at, HISTORY_TYPE_LABELS[row.type], row.reference, row.description, row.status, historyShownAmount(row.type, row.amount)].map(csvCell).join(',');
}

/** What the CSV export selects: a page's filters, every page. */
type CsvQuery = Omit<HistoryQuery, 'cursor' | 'limit'>;

/**
 * The CSV export as sent: compressed in the coding the client accepts, as a page is (an export
 * of 50,000 rows is about 7 MB of text); compressed on every request, not kept.
 */
export async function historyCsvBody(db: DbOrTx, query: CsvQuery, accepted: ContentCoding | null): Promise<HistoryBody> {
  return asSent(Buffer.from(await historyCsv(db, query)), accepted);
}

/** Every matching entry as CSV (pages through the history; capped). */
async function historyCsv(db: DbOrTx, query: CsvQuery, maxRows = 50_000): Promise<string> {
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  let cursor: string | undefined;
  while (lines.length - 1 < maxRows) {
    const page = await historyRows(db, { ...query, cursor, limit: 100 });
    for (const row of page.rows) lines.push(csvLine(row));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return `${lines.join('\r\n')}\r\n`;
}
