import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { ledgerAccounts } from '../db/schema';

export interface UserBalances {
  /** Book balance: wallet plus held (pending withdrawals and investments). SPEC "balance". */
  balanceCents: number;
  /** What the user can spend now: balance less holds. */
  availableCents: number;
  /** Money in active investments. SPEC "investmentBalance". */
  investedCents: number;
  /** Sum of profit credits (maturity profit, profit adjustments, referral bonuses). SPEC "totalMaturityAmount". */
  totalProfitCents: number;
  /** Fees charged, net of refunds. SPEC "fees". */
  feesCents: number;
}

export const ZERO_BALANCES: UserBalances = { balanceCents: 0, availableCents: 0, investedCents: 0, totalProfitCents: 0, feesCents: 0 };

/** A user's figures, read from the ledger's account balances (one indexed query). */
export async function getUserBalances(db: DbOrTx, userId: string): Promise<UserBalances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const by = new Map(rows.map((row) => [row.kind, Number(row.balanceCents)]));
  const wallet = by.get('wallet') ?? 0;
  const held = by.get('held') ?? 0;
  return {
    balanceCents: wallet + held,
    availableCents: wallet,
    investedCents: by.get('invested') ?? 0,
    totalProfitCents: 0 - (by.get('profit_expense') ?? 0),
    feesCents: by.get('fee_income') ?? 0,
  };
}
