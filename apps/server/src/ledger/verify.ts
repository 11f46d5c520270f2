import { sql } from 'drizzle-orm';
import type { LedgerProblem, LedgerReport } from '@app/shared';
import type { DbOrTx } from '../db/client';
import { selectRows } from '../db/rows';

const LIMIT = 100;

/**
 * Re-derives every account balance from the postings and checks: each journal sums to
 * zero and has postings; each cached balance equals its postings; no account breaks its
 * sign rule; each user's held balance equals their open holds; postings belong to the
 * journal's user. Read-only.
 */
export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const problems: LedgerProblem[] = [];

  const unbalanced = await selectRows<{ journal_id: string; total: string }>(db, sql`select journal_id, sum(amount_cents)::text as total from ledger_postings
      group by journal_id having sum(amount_cents) <> 0 order by journal_id limit ${LIMIT}`);
  for (const row of unbalanced) problems.push({ check: 'journal_unbalanced', detail: `journal ${row.journal_id} sums to ${row.total}` });

  const empty = await selectRows<{ id: string }>(db, sql`select j.id from ledger_journals j where not exists (select 1 from ledger_postings p where p.journal_id = j.id)
      order by j.id limit ${LIMIT}`);
  for (const row of empty) problems.push({ check: 'journal_without_postings', detail: `journal ${row.id} has no postings` });

  const cache = await selectRows<{ id: string; user_id: string; kind: string; cached: string; derived: string }>(db, sql`select a.id, a.user_id, a.kind, a.balance_cents::text as cached, coalesce(sum(p.amount_cents), 0)::text as derived
      from ledger_accounts a left join ledger_postings p on p.account_id = a.id
      group by a.id having a.balance_cents <> coalesce(sum(p.amount_cents), 0) order by a.id limit ${LIMIT}`);
  for (const row of cache) {
    problems.push({ check: 'account_cache', detail: `account ${row.id} (${row.kind} of ${row.user_id}) caches ${row.cached}, postings give ${row.derived}` });
  }

  const sign = await selectRows<{ id: string; kind: string; derived: string }>(db, sql`select a.id, a.kind, coalesce(sum(p.amount_cents), 0)::text as derived
      from ledger_accounts a left join ledger_postings p on p.account_id = a.id
      group by a.id, a.kind
      having (a.kind = 'profit_expense' and coalesce(sum(p.amount_cents), 0) > 0)
          or (a.kind in ('wallet', 'held', 'invested', 'fee_income') and coalesce(sum(p.amount_cents), 0) < 0)
      limit ${LIMIT}`);
  for (const row of sign) problems.push({ check: 'account_sign', detail: `account ${row.id} (${row.kind}) is ${row.derived}` });

  const holds = await selectRows<{ user_id: string; held: string; open: string }>(db, sql`select a.user_id, a.balance_cents::text as held, coalesce(h.open, 0)::text as open
      from ledger_accounts a
      left join (select user_id, sum(amount_cents) as open from ledger_holds where status = 'held' group by user_id) h on h.user_id = a.user_id
      where a.kind = 'held' and a.balance_cents <> coalesce(h.open, 0) limit ${LIMIT}`);
  for (const row of holds) problems.push({ check: 'holds', detail: `user ${row.user_id} has ${row.held} held but ${row.open} in open holds` });

  const owners = await selectRows<{ id: string }>(db, sql`select p.id from ledger_postings p join ledger_accounts a on a.id = p.account_id
      join ledger_journals j on j.id = p.journal_id where a.user_id <> j.user_id limit ${LIMIT}`);
  for (const row of owners) problems.push({ check: 'posting_owner', detail: `posting ${row.id} moves another user's account` });

  const [counts] = await selectRows<{ journals: string; postings: string; accounts: string }>(db, sql`select (select count(*) from ledger_journals)::text as journals,
      (select count(*) from ledger_postings)::text as postings, (select count(*) from ledger_accounts)::text as accounts`);
  const totals = await selectRows<{ kind: string; total: string }>(db, sql`select a.kind, coalesce(sum(p.amount_cents), 0)::text as total
      from ledger_accounts a join ledger_postings p on p.account_id = a.id group by a.kind`);
  const by = new Map(totals.map((row) => [row.kind, Number(row.total)]));
  const get = (kind: string) => by.get(kind) ?? 0;
  return {
    ok: problems.length === 0,
    checkedAt: new Date().toISOString(),
    journals: Number(counts!.journals),
    postings: Number(counts!.postings),
    accounts: Number(counts!.accounts),
    totals: {
      owedToUsersCents: get('wallet') + get('held') + get('invested'),
      heldCents: get('held'),
      investedCents: get('invested'),
      receivedFundsCents: get('received_funds'),
      feeIncomeCents: get('fee_income'),
      profitExpenseCents: get('profit_expense'),
      adjustmentsCents: get('adjustments'),
    },
    problems,
  };
}
