/**
 * The ledger's read API: every reader of the ledger's tables outside ledger/ goes through
 * these (or `getUserBalances` and the session's select expressions in balances.ts), so the
 * tables can change with the ledger alone.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
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
