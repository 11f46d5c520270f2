import { sql, type SQL } from 'drizzle-orm';
import { formatCents, INVESTMENT_STATUSES, PAYMENT_STATUSES, WITHDRAWAL_STATUSES, type HistoryType } from '@app/shared';
import type { DbOrTx } from '../../src/db/client';
import { badRequest } from '../../src/lib/errors';
import { explorerUrl } from '../../src/chain';
import { termProfitCents } from '../../src/services/invest/investments';

/**
 * The history as services/history rendered it before the read model (ADR 0019): four
 * per-source keyset queries merged and rendered in JS. Kept only as the oracle the read
 * model is compared with.
 */

/**
 * The transaction history (SPEC §3 history item): several sources (payments, withdrawals,
 * staff adjustments, investments...) merged newest first with a keyset cursor, so a page
 * costs the same with 100 or 100,000 entries.
 *
 * A source answers "the user's next `limit` entries after this position" with its own
 * indexed query; the merge takes the newest across sources. To add one (investments),
 * implement HistorySource and list it in services/history-sources.ts.
 *
 * Order: timestamp desc, then type desc, then sortId desc. A source's SQL must order
 * by its timestamp desc, then its sort id desc (text compared in "C" collation, or a
 * zero-padded number), and apply `afterCursorSql`.
 */
export interface HistoryEntry {
  type: HistoryType;
  /** Unique within the type, comparable as text in the same order the SQL uses. */
  sortId: string;
  /** Exact timestamp text from PostgreSQL (microseconds, UTC), see `cursorAtSql`. */
  cursorAt: string;
  at: Date;
  status: string;
  /** Signed cents as they affect the user's balance (for CSV and display). */
  amountCents: number;
  description: string;
  /** The SPEC §3 fields of this type (`_id`, amount, status, ...). */
  fields: Record<string, unknown>;
}

export interface HistoryCursor {
  at: string;
  type: HistoryType;
  id: string;
}

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

/** Select expression giving a timestamp column as exact UTC text with microseconds. */
export function cursorAtSql(column: SQL | SQL.Aliased | unknown): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * WHERE fragment for "after the cursor" in the merged order, for a source of `type` whose
 * timestamp column is `at` and sort id expression is `id` (already comparable as text).
 */
export function afterCursorSql(type: HistoryType, after: HistoryCursor | undefined, at: SQL, id: SQL): SQL {
  if (!after) return sql`true`;
  const cursorAt = sql`${after.at}::timestamptz`;
  if (type < after.type) return sql`${at} <= ${cursorAt}`;
  if (type > after.type) return sql`${at} < ${cursorAt}`;
  return sql`${at} <= ${cursorAt} and (${at} < ${cursorAt} or ${id} < ${after.id})`;
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
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as HistoryCursor;
    if (typeof value.at !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value.at)) throw new Error('bad');
    if (typeof value.type !== 'string' || typeof value.id !== 'string' || value.id.length > 100) throw new Error('bad');
    return value;
  } catch {
    throw badRequest('Invalid cursor');
  }
}

export interface HistoryPage {
  history: Array<Record<string, unknown>>;
  nextCursor: string | null;
}

export function toHistoryItem(entry: HistoryEntry): Record<string, unknown> {
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

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * A source reading one business table of the user: its rows (`status` filtered, ids sorted as
 * text) newest `at` first from the cursor on, with the given columns and the exact `cursor_at`,
 * each row one entry.
 */
function tableSource<Row extends { id: string; amount_cents: string }>(source: {
  type: HistoryType;
  statuses: readonly string[];
  table: string;
  columns: string;
  at: SQL;
  /** The row's entry; amountCents is its amount_cents as a number. */
  entry: (row: Row, amountCents: number) => Omit<HistoryEntry, 'type' | 'sortId' | 'cursorAt'>;
}): HistorySource {
  const { type, table, columns, at } = source;
  return {
    type,
    statuses: source.statuses,
    async fetch(db, query) {
      const found = rows<Row & { cursor_at: string }>(
        await db.execute(sql`select ${sql.raw(columns)}, ${cursorAtSql(at)} as cursor_at
          from ${sql.raw(table)}
          where user_id = ${query.userId}
            ${query.status ? sql`and status = ${query.status}` : sql``}
            and ${afterCursorSql(type, query.after, at, sql`(id collate "C")`)}
          order by ${at} desc, id collate "C" desc
          limit ${query.limit}`),
      );
      return found.map((row) => ({ type, sortId: row.id, cursorAt: row.cursor_at, ...source.entry(row, Number(row.amount_cents)) }));
    },
  };
}

interface PaymentRow {
  id: string;
  transaction_id: string;
  amount_cents: string;
  asset: string | null;
  tx_hash: string | null;
  status: string;
  notes: string | null;
  source: string;
  created_at: string | Date;
}

export const paymentsHistorySource = tableSource<PaymentRow>({
  type: 'Transaction',
  statuses: PAYMENT_STATUSES,
  table: 'payments',
  columns: 'id, transaction_id, amount_cents::text, asset, tx_hash, status, notes, source, created_at',
  at: sql`created_at`,
  entry: (row, amountCents) => {
    const at = new Date(row.created_at);
    return {
      at,
      status: row.status,
      amountCents: row.status === 'Confirmed' ? amountCents : 0,
      description: `Deposit ${row.transaction_id}${row.asset ? ` (${row.asset})` : ''}`,
      fields: {
        _id: row.id,
        transactionId: row.transaction_id,
        amount: formatCents(amountCents),
        asset: row.asset,
        txHash: row.tx_hash,
        notes: row.notes,
        source: row.source,
        createdAt: at.toISOString(),
      },
    };
  },
});

interface WithdrawalRow {
  id: string;
  amount_cents: string;
  fee_cents: string;
  asset: string;
  wallet_address: string;
  status: string;
  notes: string | null;
  payout_tx_hash: string | null;
  payout_block_number: string | null;
  payout_verified: boolean;
  request_date: string | Date;
}

export const withdrawalsHistorySource = tableSource<WithdrawalRow>({
  type: 'Withdrawal',
  statuses: WITHDRAWAL_STATUSES,
  table: 'withdrawals',
  columns: 'id, amount_cents::text, fee_cents::text, asset, wallet_address, status, notes, payout_tx_hash, payout_block_number::text, payout_verified_at is not null as payout_verified, request_date',
  at: sql`request_date`,
  entry: (row, amountCents) => {
    const feeCents = Number(row.fee_cents);
    const at = new Date(row.request_date);
    const address = row.wallet_address;
    return {
      at,
      status: row.status,
      amountCents: row.status === 'Rejected' ? 0 : -amountCents,
      description: `Withdrawal to ${row.asset} ${address.slice(0, 8)}…${address.slice(-6)}`,
      fields: {
        _id: row.id,
        amount: formatCents(amountCents),
        fee: formatCents(feeCents),
        netAmount: formatCents(amountCents - feeCents),
        asset: row.asset,
        walletAddress: address,
        notes: row.notes,
        payoutTxHash: row.payout_tx_hash,
        payoutVerified: row.payout_verified,
        payoutBlockNumber: row.payout_block_number === null ? null : Number(row.payout_block_number),
        requestDate: at.toISOString(),
      },
    };
  },
});

/** Journal kinds shown as their own history items ("Adjustment by support: <reason>", bonuses). */
const ADJUSTMENT_KINDS = ['balance_adjustment', 'profit_adjustment', 'fee', 'fee_refund', 'referral_bonus'] as const;
/**
 * Written out (not as parameters) and identical to the predicate of the partial index
 * ledger_journals_user_history_idx, so the planner uses it.
 */
const ADJUSTMENT_FILTER = sql.raw(
  `j.kind in (${ADJUSTMENT_KINDS.map((kind) => `'${kind}'`).join(', ')}) and (j.kind <> 'fee' or j.reference is null)`,
);
const KIND_NAMES: Record<string, string> = {
  balance_adjustment: 'Balance adjustment',
  profit_adjustment: 'Profit adjustment',
  fee: 'Fee',
  fee_refund: 'Fee refund',
  referral_bonus: 'Referral bonus',
};

export const adjustmentsHistorySource: HistorySource = {
  type: 'Adjustment',
  statuses: ['Completed'],
  async fetch(db: DbOrTx, query: SourceQuery): Promise<HistoryEntry[]> {
    // The wallet is reached through each journal's postings, not by (user, wallet): given the
    // wallet first, a large database's planner walks all of the user's wallet postings.
    const found = rows<{ id: string; kind: string; label: string; reason: string | null; created_at: string | Date; cursor_at: string; amount_cents: string }>(
      await db.execute(sql`select j.id::text, j.kind, j.label, j.reason, j.created_at, ${cursorAtSql(sql`j.created_at`)} as cursor_at, p.amount_cents::text
        from ledger_journals j
        join ledger_postings p on p.journal_id = j.id
        join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet'
        where j.user_id = ${query.userId}
          and ${ADJUSTMENT_FILTER}
          and ${afterCursorSql('Adjustment', query.after, sql`j.created_at`, sql`(lpad(j.id::text, 20, '0') collate "C")`)}
        order by j.created_at desc, j.id desc
        limit ${query.limit}`),
    );
    return found.map((row) => {
      const amountCents = Number(row.amount_cents);
      const at = new Date(row.created_at);
      return {
        type: 'Adjustment',
        sortId: row.id.padStart(20, '0'),
        cursorAt: row.cursor_at,
        at,
        status: 'Completed',
        amountCents,
        description: row.label,
        fields: {
          _id: row.id,
          kind: KIND_NAMES[row.kind] ?? row.kind,
          label: row.label,
          reason: row.reason,
          amount: formatCents(amountCents),
          createdAt: at.toISOString(),
        },
      };
    });
  },
};

interface InvestmentRow {
  id: string;
  investment_id: string;
  plan_name: string;
  plan_id: string;
  roi_basis_points: number;
  duration_seconds: number;
  amount_cents: string;
  profit_cents: string | null;
  status: string;
  kind: string;
  end_reason: string | null;
  start_date: string | Date | null;
  end_date: string | Date | null;
  created_at: string | Date;
}

/**
 * Investments in the merged transaction history (SPEC §3 history item, type Investment):
 * the timestamp is startDate, or the request time while the investment has not started.
 * amountCents is the effect on the book balance: Active -amount, Ended +profit, else 0.
 */
export const investmentsHistorySource = tableSource<InvestmentRow>({
  type: 'Investment',
  statuses: INVESTMENT_STATUSES,
  table: 'investments',
  columns: 'id, investment_id, plan_name, plan_id, roi_basis_points, duration_seconds, amount_cents::text, profit_cents::text, status, kind, end_reason, start_date, end_date, created_at',
  at: sql`coalesce(start_date, created_at)`,
  entry: (row, amountCents) => {
    const profitCents = row.profit_cents === null ? termProfitCents(amountCents, row.roi_basis_points) : Number(row.profit_cents);
    const when = new Date(row.start_date ?? row.created_at);
    const effect = row.status === 'Active' ? -amountCents : row.status === 'Ended' ? profitCents : 0;
    return {
      at: when,
      status: row.status,
      amountCents: effect,
      description:
        row.kind === 'upgrade'
          ? `Upgrade to ${row.plan_name} ${row.investment_id}`
          : `${row.plan_name} investment ${row.investment_id}${row.end_reason === 'upgraded' ? ' (upgraded)' : ''}`,
      fields: {
        _id: row.id,
        investmentId: row.investment_id,
        plan: row.plan_name,
        planId: row.plan_id,
        amount: formatCents(amountCents),
        maturityAmount: formatCents(row.status === 'Rejected' ? 0 : profitCents),
        startDate: row.start_date ? new Date(row.start_date).toISOString() : null,
        endDate: row.end_date ? new Date(row.end_date).toISOString() : null,
        createdAt: new Date(row.created_at).toISOString(),
      },
    };
  },
});

export const HISTORY_SOURCES: HistorySource[] = [paymentsHistorySource, withdrawalsHistorySource, adjustmentsHistorySource, investmentsHistorySource];

export async function oracleHistory(
  db: DbOrTx,
  explorerTxUrl: string,
  query: Parameters<typeof historyPage>[2],
): Promise<{ history: Array<Record<string, unknown>>; nextCursor: string | null }> {
  const page = await historyPage(db, HISTORY_SOURCES, query);
  const history = page.entries.map(toHistoryItem);
  for (const item of history) {
    if (item.txHash) item.explorerUrl = item.asset === 'BTC' ? null : explorerUrl(explorerTxUrl, item.txHash as string);
    if (item.payoutTxHash) item.payoutExplorerUrl = item.asset === 'BTC' ? null : explorerUrl(explorerTxUrl, item.payoutTxHash as string);
  }
  return { history, nextCursor: page.nextCursor };
}
