import { sql } from 'drizzle-orm';
import { formatCents, INVESTMENT_STATUSES } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { afterKeySql, keyTimeSql } from '../../db/keyset';
import type { HistoryEntry, HistorySource, SourceQuery } from '../history/history';
import { termProfitCents } from './investments';
import { selectRows } from '../../db/rows';

/**
 * Investments in the merged transaction history (SPEC §3 history item, type Investment):
 * the timestamp is startDate, or the request time while the investment has not started.
 * amountCents is the effect on the book balance: Active -amount, Ended +profit, else 0.
 */
export const investmentsHistorySource: HistorySource = {
  type: 'Investment',
  statuses: INVESTMENT_STATUSES,
  async fetch(db: DbOrTx, query: SourceQuery): Promise<HistoryEntry[]> {
    const at = sql`coalesce(start_date, created_at)`;
    const found = await selectRows<{
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
      cursor_at: string;
    }>(db, sql`select id, investment_id, plan_name, plan_id, roi_basis_points, duration_seconds, amount_cents::text, profit_cents::text,
          status, kind, end_reason, start_date, end_date, created_at, ${keyTimeSql(at)} as cursor_at
        from investments
        where user_id = ${query.userId}
          ${query.status ? sql`and status = ${query.status}` : sql``}
          and ${afterKeySql('Investment', query.after, at, sql`(id collate "C")`)}
        order by ${at} desc, id collate "C" desc
        limit ${query.limit}`);
    return found.map((row): HistoryEntry => {
      const amountCents = Number(row.amount_cents);
      const profitCents = row.profit_cents === null ? termProfitCents(amountCents, row.roi_basis_points) : Number(row.profit_cents);
      const when = new Date(row.start_date ?? row.created_at);
      const effect = row.status === 'Active' ? -amountCents : row.status === 'Ended' ? profitCents : 0;
      return {
        type: 'Investment',
        sortId: row.id,
        cursorAt: row.cursor_at,
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
    });
  },
};
