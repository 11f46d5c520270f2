/**
 * Investment money movements beyond the single-step ones in operations.ts (hold, settle,
 * release, maturity): the plan upgrade, which ends one investment early and starts the
 * next with its principal, its pro-rated profit and a held top-up, in one transaction.
 */
import { formatUsd } from '@app/shared';
import type { Tx } from '../db/client';
import { postJournal } from './journal';
import { creditMaturity, settleInvestment } from './operations';

export interface UpgradeRollOverInput {
  userId: string;
  /** The Active investment that ends early. */
  fromInvestmentId: string;
  /** The upgrade investment that starts now (its top-up hold, if any, is settled). */
  toInvestmentId: string;
  principalCents: number;
  /** Pro-rated profit of the old investment; counts towards total profit. */
  profitCents: number;
  topUpCents: number;
  planName: string;
  actorId: string | null;
  at?: Date;
}

/**
 * Ends `from` (principal + profit to the wallet, profit as profit expense: the same
 * `maturity` journal and reference as a normal maturity, so an investment ends only once),
 * moves principal + profit from the wallet into invested for `to`, and settles the top-up
 * hold into invested. Net: wallet unchanged, invested + profit + top-up, held - top-up.
 */
export async function rollOverIntoUpgrade(tx: Tx, input: UpgradeRollOverInput): Promise<{ newPrincipalCents: number }> {
  const carried = input.principalCents + input.profitCents;
  await creditMaturity(tx, {
    userId: input.userId,
    investmentId: input.fromInvestmentId,
    principalCents: input.principalCents,
    profitCents: input.profitCents,
    label: `Investment ended early for an upgrade: ${formatUsd(input.principalCents)} principal + ${formatUsd(input.profitCents)} profit`,
    actorId: input.actorId,
    at: input.at,
  });
  if (carried > 0) {
    await postJournal(tx, {
      kind: 'investment_settle',
      userId: input.userId,
      actorId: input.actorId,
      label: `Upgrade to ${input.planName}: ${formatUsd(carried)} carried into the new plan`,
      reference: `upgrade:${input.toInvestmentId}`,
      metadata: { fromInvestmentId: input.fromInvestmentId, toInvestmentId: input.toInvestmentId },
      at: input.at,
      postings: [
        { account: 'wallet', amountCents: -carried },
        { account: 'invested', amountCents: carried },
      ],
    });
  }
  if (input.topUpCents > 0) {
    await settleInvestment(tx, {
      investmentId: input.toInvestmentId,
      actorId: input.actorId,
      label: `Upgrade to ${input.planName}: ${formatUsd(input.topUpCents)} top-up invested`,
      at: input.at,
    });
  }
  return { newPrincipalCents: carried + input.topUpCents };
}
