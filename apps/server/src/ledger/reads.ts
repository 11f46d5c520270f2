/**
 * The ledger's read API: every reader of the ledger's tables outside ledger/ goes through
 * these (or `getUserBalances` and the session's select expressions in balances.ts), so the
 * tables can change with the ledger alone.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { afterKeySql, keyTimeSql, type KeysetCursor } from '../db/keyset';
import { selectRows } from '../db/rows';
import { ledgerAccounts, ledgerJournals, ledgerPostings, type AccountKind } from '../db/schema';

/** What every account of these kinds holds now, summed over all users (the accounts' cached balances). */
export async function accountTotals(db: DbOrTx, kinds: readonly AccountKind[]): Promise<Map<AccountKind, bigint>> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, total: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)::text` })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.kind, [...kinds]))
    .groupBy(ledgerAccounts.kind);
  return new Map(rows.map((row) => [row.kind, BigInt(row.total)]));
}

/** Every account kind's total re-derived from the postings themselves (not the cached balances), in cents. */
export async function postingTotals(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await selectRows<{ kind: string; total: string }>(
    db,
    sql`select a.kind, coalesce(sum(p.amount_cents), 0)::text as total
      from ledger_accounts a join ledger_postings p on p.account_id = a.id group by a.kind`,
  );
  return new Map(rows.map((row) => [row.kind, Number(row.total)]));
}

/** Money in and out of the platform: deposits post received_funds negative, payouts positive. */
export async function receivedFundsFlows(db: DbOrTx): Promise<{ receivedCents: number; paidCents: number }> {
  const [flow] = await selectRows<{ received: string; paid: string }>(
    db,
    sql`select
        coalesce(sum(case when p.amount_cents < 0 then -p.amount_cents else 0 end), 0)::text as received,
        coalesce(sum(case when p.amount_cents > 0 then p.amount_cents else 0 end), 0)::text as paid
      from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.kind = 'received_funds'`,
  );
  return { receivedCents: Number(flow?.received ?? 0), paidCents: Number(flow?.paid ?? 0) };
}

/** The referral bonuses credited to a referrer's wallet for these referred users, by referred user id. */
export async function referralBonusesCredited(db: DbOrTx, referrerId: string, referredUserIds: readonly string[]): Promise<Map<string, number>> {
  if (referredUserIds.length === 0) return new Map();
  const reference = (userId: string) => `referral:${userId}`;
  const credited = await db
    .select({ reference: ledgerJournals.reference, amountCents: ledgerPostings.amountCents })
    .from(ledgerJournals)
    .innerJoin(ledgerPostings, eq(ledgerPostings.journalId, ledgerJournals.id))
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, ledgerPostings.accountId), eq(ledgerAccounts.kind, 'wallet')))
    .where(
      and(
        eq(ledgerJournals.userId, referrerId),
        eq(ledgerJournals.kind, 'referral_bonus'),
        inArray(ledgerJournals.reference, referredUserIds.map(reference)),
      ),
    );
  const byReference = new Map(credited.map((row) => [row.reference, Number(row.amountCents)]));
  const byUser = new Map<string, number>();
  for (const userId of referredUserIds) {
    const cents = byReference.get(reference(userId));
    if (cents !== undefined) byUser.set(userId, cents);
  }
  return byUser;
}

/** Journal kinds a user sees as their own history items ("Adjustment by support: <reason>", bonuses). */
export const ADJUSTMENT_JOURNAL_KINDS = ['balance_adjustment', 'profit_adjustment', 'fee', 'fee_refund', 'referral_bonus'] as const;
/**
 * Written out (not as parameters) and identical to the predicate of the partial index
 * ledger_journals_user_history_idx, so the planner uses it.
 */
const ADJUSTMENT_FILTER = sql.raw(
  `j.kind in (${ADJUSTMENT_JOURNAL_KINDS.map((kind) => `'${kind}'`).join(', ')}) and (j.kind <> 'fee' or j.reference is null)`,
);

export interface AdjustmentJournal {
  id: string;
  kind: string;
  label: string;
  reason: string | null;
  createdAt: Date;
  /** `createdAt` as exact keyset text (`keyTimeSql`). */
  cursorAt: string;
  /** What it moved in the user's wallet, signed. */
  amountCents: number;
}

/**
 * A user's adjustment journals, newest first, after a keyset cursor of the merged history
 * (`source` names this list in it): sort id is the journal id zero-padded to 20 digits.
 */
export async function adjustmentJournals(
  db: DbOrTx,
  query: { userId: string; source: string; after?: KeysetCursor | undefined; limit: number },
): Promise<AdjustmentJournal[]> {
  // The wallet is reached through each journal's postings, not by (user, wallet): given the
  // wallet first, a large database's planner walks all of the user's wallet postings.
  const found = await selectRows<{ id: string; kind: string; label: string; reason: string | null; created_at: string | Date; cursor_at: string; amount_cents: string }>(
    db,
    sql`select j.id::text, j.kind, j.label, j.reason, j.created_at, ${keyTimeSql(sql.raw('j.created_at'))} as cursor_at, p.amount_cents::text
        from ledger_journals j
        join ledger_postings p on p.journal_id = j.id
        join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet'
        where j.user_id = ${query.userId}
          and ${ADJUSTMENT_FILTER}
          and ${afterKeySql(query.source, query.after, sql`j.created_at`, sql`(lpad(j.id::text, 20, '0') collate "C")`)}
        order by j.created_at desc, j.id desc
        limit ${query.limit}`,
  );
  return found.map((row) => ({
    id: row.id,
    kind: row.kind,
    label: row.label,
    reason: row.reason,
    createdAt: new Date(row.created_at),
    cursorAt: row.cursor_at,
    amountCents: Number(row.amount_cents),
  }));
}
