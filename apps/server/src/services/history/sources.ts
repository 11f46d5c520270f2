import { sql } from 'drizzle-orm';
import { formatCents, PAYMENT_STATUSES, WITHDRAWAL_STATUSES, type HistoryPage } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { explorerUrl } from '../../chain';
import { afterCursorSql, historyPage, toHistoryItem, type HistoryEntry, type HistorySource, type SourceQuery } from './history';
import { getSettings } from '../platform/settings';
import { investmentsHistorySource } from '../invest/history-source';

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const AT = `to_char(%s at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const cursorAt = (column: string) => sql.raw(AT.replace('%s', column));

export const paymentsHistorySource: HistorySource = {
  type: 'Transaction',
  statuses: PAYMENT_STATUSES,
  async fetch(db: DbOrTx, query: SourceQuery): Promise<HistoryEntry[]> {
    const found = rows<{
      id: string;
      transaction_id: string;
      amount_cents: string;
      asset: string | null;
      tx_hash: string | null;
      status: string;
      notes: string | null;
      source: string;
      created_at: string | Date;
      cursor_at: string;
    }>(
      await db.execute(sql`select id, transaction_id, amount_cents::text, asset, tx_hash, status, notes, source, created_at, ${cursorAt('created_at')} as cursor_at
        from payments
        where user_id = ${query.userId}
          ${query.status ? sql`and status = ${query.status}` : sql``}
          and ${afterCursorSql('Transaction', query.after, sql`created_at`, sql`(id collate "C")`)}
        order by created_at desc, id collate "C" desc
        limit ${query.limit}`),
    );
    return found.map((row): HistoryEntry => {
      const amountCents = Number(row.amount_cents);
      const at = new Date(row.created_at);
      return {
        type: 'Transaction',
        sortId: row.id,
        cursorAt: row.cursor_at,
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
    });
  },
};

export const withdrawalsHistorySource: HistorySource = {
  type: 'Withdrawal',
  statuses: WITHDRAWAL_STATUSES,
  async fetch(db: DbOrTx, query: SourceQuery): Promise<HistoryEntry[]> {
    const found = rows<{
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
      cursor_at: string;
    }>(
      await db.execute(sql`select id, amount_cents::text, fee_cents::text, asset, wallet_address, status, notes, payout_tx_hash, payout_block_number::text, payout_verified_at is not null as payout_verified, request_date, ${cursorAt('request_date')} as cursor_at
        from withdrawals
        where user_id = ${query.userId}
          ${query.status ? sql`and status = ${query.status}` : sql``}
          and ${afterCursorSql('Withdrawal', query.after, sql`request_date`, sql`(id collate "C")`)}
        order by request_date desc, id collate "C" desc
        limit ${query.limit}`),
    );
    return found.map((row): HistoryEntry => {
      const amountCents = Number(row.amount_cents);
      const feeCents = Number(row.fee_cents);
      const at = new Date(row.request_date);
      const address = row.wallet_address;
      return {
        type: 'Withdrawal',
        sortId: row.id,
        cursorAt: row.cursor_at,
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
    });
  },
};

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
      await db.execute(sql`select j.id::text, j.kind, j.label, j.reason, j.created_at, ${cursorAt('j.created_at')} as cursor_at, p.amount_cents::text
        from ledger_journals j
        join ledger_postings p on p.journal_id = j.id
        join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet'
        where j.user_id = ${query.userId}
          and ${ADJUSTMENT_FILTER}
          and ${afterCursorSql('Adjustment', query.after, sql`j.created_at`, sql`(lpad(j.id::text, 20, '0') collate "C")`)}
        order by j.created_at desc, j.id desc
        limit ${query.limit}`),
    );
    return found.map((row): HistoryEntry => {
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

/**
 * Every source of the history, merged by services/history.ts. The investments feature adds
 * its source here (one line).
 */
export const HISTORY_SOURCES: HistorySource[] = [paymentsHistorySource, withdrawalsHistorySource, adjustmentsHistorySource, investmentsHistorySource];

/**
 * GET /api/invest/getTransactionHistory (JSON): a page of history items, with block-explorer
 * links for the deposits and payouts that carry a transaction hash (settings read only then).
 */
export async function transactionHistory(
  deps: AppDeps,
  query: Parameters<typeof historyPage>[2],
): Promise<HistoryPage> {
  const page = await historyPage(deps.db, HISTORY_SOURCES, query);
  const history = page.entries.map(toHistoryItem);
  if (history.some((item) => item.txHash || item.payoutTxHash)) {
    const { explorerTxUrl } = await getSettings(deps.db);
    for (const item of history) {
      if (item.txHash) item.explorerUrl = item.asset === 'BTC' ? null : explorerUrl(explorerTxUrl, item.txHash);
      if (item.payoutTxHash) item.payoutExplorerUrl = item.asset === 'BTC' ? null : explorerUrl(explorerTxUrl, item.payoutTxHash);
    }
  }
  return { history, nextCursor: page.nextCursor };
}
