import { sql } from 'drizzle-orm';
import { formatCents, PAYMENT_STATUSES, WITHDRAWAL_STATUSES, type HistoryPage } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { explorerUrl } from '../../chain';
import { afterKeySql, keyTimeSql } from '../../db/keyset';
import { adjustmentJournals } from '../../ledger/reads';
import { historyPage, toHistoryItem, type HistoryEntry, type HistorySource, type SourceQuery } from './history';
import { getSettings } from '../platform/settings';
import { investmentsHistorySource } from '../invest/history-source';
import { selectRows } from '../../db/rows';

const cursorAt = (column: string) => keyTimeSql(sql.raw(column));

export const paymentsHistorySource: HistorySource = {
  type: 'Transaction',
  statuses: PAYMENT_STATUSES,
  async fetch(db: DbOrTx, query: SourceQuery): Promise<HistoryEntry[]> {
    const found = await selectRows<{
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
    }>(db, sql`select id, transaction_id, amount_cents::text, asset, tx_hash, status, notes, source, created_at, ${cursorAt('created_at')} as cursor_at
        from payments
        where user_id = ${query.userId}
          ${query.status ? sql`and status = ${query.status}` : sql``}
          and ${afterKeySql('Transaction', query.after, sql`created_at`, sql`(id collate "C")`)}
        order by created_at desc, id collate "C" desc
        limit ${query.limit}`);
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
    const found = await selectRows<{
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
    }>(db, sql`select id, amount_cents::text, fee_cents::text, asset, wallet_address, status, notes, payout_tx_hash, payout_block_number::text, payout_verified_at is not null as payout_verified, request_date, ${cursorAt('request_date')} as cursor_at
        from withdrawals
        where user_id = ${query.userId}
          ${query.status ? sql`and status = ${query.status}` : sql``}
          and ${afterKeySql('Withdrawal', query.after, sql`request_date`, sql`(id collate "C")`)}
        order by request_date desc, id collate "C" desc
        limit ${query.limit}`);
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
    const found = await adjustmentJournals(db, { userId: query.userId, source: 'Adjustment', after: query.after, limit: query.limit });
    return found.map(
      (journal): HistoryEntry => ({
        type: 'Adjustment',
        sortId: journal.id.padStart(20, '0'),
        cursorAt: journal.cursorAt,
        at: journal.createdAt,
        status: 'Completed',
        amountCents: journal.amountCents,
        description: journal.label,
        fields: {
          _id: journal.id,
          kind: KIND_NAMES[journal.kind] ?? journal.kind,
          label: journal.label,
          reason: journal.reason,
          amount: formatCents(journal.amountCents),
          createdAt: journal.createdAt.toISOString(),
        },
      }),
    );
  },
};

/**
 * Every source of the history, merged by history/history.ts. The investments feature adds
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
