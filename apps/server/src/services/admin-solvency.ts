import { sql } from 'drizzle-orm';
import { applyBasisPoints, formatCents, type SolvencyReport } from '@app/shared';
import type { DbOrTx } from '../db/client';
import { verifyLedger } from '../ledger/verify';

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Whether a table exists (features land independently; the back office reads what is there). */
export async function tableExists(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = rows<{ present: boolean }>(await db.execute(sql`select to_regclass(${name}) is not null as present`));
  return Boolean(row?.present);
}

/**
 * GET /api/admin/solvency: what users are owed (balances, holds, invested principal, profit
 * due at maturity) against what the platform has received and paid out, all from the
 * ledger's postings, with ledger verify's result.
 */
export async function solvencyReport(db: DbOrTx): Promise<SolvencyReport> {
  const byKind = rows<{ kind: string; total: string }>(
    await db.execute(sql`select a.kind, coalesce(sum(p.amount_cents), 0)::text as total
      from ledger_accounts a join ledger_postings p on p.account_id = a.id group by a.kind`),
  );
  const kind = new Map(byKind.map((row) => [row.kind, Number(row.total)]));
  const get = (name: string) => kind.get(name) ?? 0;

  // received_funds: deposits post it negative, payouts (withdrawal settle) post it positive.
  const [flow] = rows<{ received: string; paid: string }>(
    await db.execute(sql`select
        coalesce(sum(case when p.amount_cents < 0 then -p.amount_cents else 0 end), 0)::text as received,
        coalesce(sum(case when p.amount_cents > 0 then p.amount_cents else 0 end), 0)::text as paid
      from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.kind = 'received_funds'`),
  );
  const receivedCents = Number(flow?.received ?? 0);
  const paidCents = Number(flow?.paid ?? 0);

  let profitDueCents = 0;
  let activeInvestments = 0;
  if (await tableExists(db, 'investments')) {
    // Profit is computed per investment the way maturity credits it (basis points, half to even).
    const active = rows<{ amount: string; bp: number }>(
      await db.execute(sql`select amount_cents::text as amount, roi_basis_points as bp from investments where status = 'Active'`),
    );
    profitDueCents = active.reduce((sum, row) => sum + applyBasisPoints(Number(row.amount), Number(row.bp)), 0);
    activeInvestments = active.length;
  }

  const wallet = get('wallet');
  const held = get('held');
  const invested = get('invested');
  const owedCents = wallet + held + invested + profitDueCents;
  const netCents = receivedCents - paidCents;
  let ledger: SolvencyReport['ledger'] = null;
  try {
    const report = await verifyLedger(db);
    ledger = {
      ok: report.ok,
      checkedAt: report.checkedAt,
      journals: report.journals,
      postings: report.postings,
      accounts: report.accounts,
      problems: report.problems,
    };
  } catch {
    ledger = null;
  }
  return {
    owed: {
      balances: formatCents(wallet + held),
      available: formatCents(wallet),
      held: formatCents(held),
      investedPrincipal: formatCents(invested),
      profitDueAtMaturity: formatCents(profitDueCents),
      total: formatCents(owedCents),
    },
    flows: {
      received: formatCents(receivedCents),
      paidOut: formatCents(paidCents),
      feeIncome: formatCents(get('fee_income')),
      profitPaid: formatCents(-get('profit_expense')),
      adjustments: formatCents(-get('adjustments')),
      net: formatCents(netCents),
    },
    surplus: formatCents(netCents - owedCents),
    activeInvestments,
    ledger,
  };
}
