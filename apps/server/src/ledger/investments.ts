/**
 * Investment money movements beyond the single-step ones in operations.ts (hold, settle,
 * release, maturity): the plan upgrade, which ends one investment early and starts the
 * next with its principal, its pro-rated profit and a held top-up, in one transaction.
 */
import { sql } from 'drizzle-orm';
import { formatUsd } from '@app/shared';
import type { Tx } from '../db/client';
import { ACCOUNT_KINDS } from '../db/schema';
import { AppError } from '../lib/errors';
import { isUniqueViolation } from '../db/errors';
import { InsufficientFundsError, postJournal } from './journal';
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

export interface MaturityCredit {
  userId: string;
  investmentId: string;
  principalCents: number;
  profitCents: number;
  label: string;
}

function resultRows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Lock order of the ledger (journal.ts applies postings in ACCOUNT_KINDS order). */
const KIND_ORDER = sql.raw(`array_position(array[${ACCOUNT_KINDS.map((kind) => `'${kind}'`).join(',')}]::text[], kind)`);

/**
 * Many maturities in a few set-based statements: the same journals, postings and balance
 * changes as calling creditMaturity once per investment (one 'maturity' journal per
 * investment, reference `investment:<id>`, so each still posts at most once), for the
 * maturity job's batches. Account rows are locked up front in the ledger's order (user,
 * then ACCOUNT_KINDS order), so a batch never deadlocks with single journals or with
 * another instance's batch; the guarded updates refuse (and roll back) anything that
 * would take invested below zero.
 */
export async function creditMaturities(tx: Tx, items: MaturityCredit[], at?: Date): Promise<void> {
  if (items.length === 0) return;
  for (const item of items) {
    if (!Number.isSafeInteger(item.principalCents) || !Number.isSafeInteger(item.profitCents) || item.principalCents < 0 || item.profitCents < 0 || item.principalCents + item.profitCents === 0) {
      throw new Error(`Invalid maturity amounts for investment ${item.investmentId}`);
    }
  }
  const userIds = [...new Set(items.map((item) => item.userId))].sort();
  await tx.execute(sql`insert into ledger_accounts (user_id, kind)
    select u, k from unnest(array[${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}]::text[]) u
    cross join unnest(array['wallet', 'invested', 'profit_expense']::text[]) k
    on conflict (user_id, kind) do nothing`);
  const locked = resultRows<{ id: string | number; user_id: string; kind: string }>(
    await tx.execute(sql`select id, user_id, kind from ledger_accounts
      where user_id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}) and kind in ('wallet', 'invested', 'profit_expense')
      order by user_id collate "C", ${KIND_ORDER}
      for update`),
  );
  const accountId = new Map(locked.map((row) => [`${row.user_id}/${row.kind}`, Number(row.id)]));

  const deltas = new Map<string, number>();
  const add = (userId: string, kind: 'wallet' | 'invested' | 'profit_expense', delta: number) => {
    if (delta === 0) return;
    const key = `${userId}/${kind}`;
    deltas.set(key, (deltas.get(key) ?? 0) + delta);
  };
  for (const item of items) {
    add(item.userId, 'wallet', item.principalCents + item.profitCents);
    add(item.userId, 'invested', -item.principalCents);
    add(item.userId, 'profit_expense', -item.profitCents);
  }
  const values = [...deltas.entries()].map(([key, delta]) => sql`(${accountId.get(key)!}::bigint, ${delta}::bigint)`);
  const updated = resultRows<{ id: unknown }>(
    await tx.execute(sql`update ledger_accounts a set balance_cents = a.balance_cents + d.delta
      from (values ${sql.join(values, sql`, `)}) as d(id, delta)
      where a.id = d.id
        and (a.kind = 'profit_expense' and a.balance_cents + d.delta <= 0 or a.kind <> 'profit_expense' and a.balance_cents + d.delta >= 0)
      returning a.id`),
  );
  if (updated.length !== values.length) throw new InsufficientFundsError('invested', 'The amount exceeds the invested balance');

  let inserted: unknown;
  try {
    inserted = await tx.execute(sql`insert into ledger_journals (kind, user_id, actor_id, label, reference, metadata${at ? sql`, created_at` : sql``})
      values ${sql.join(
        items.map(
          (item) =>
            sql`('maturity', ${item.userId}, null, ${item.label}, ${`investment:${item.investmentId}`}, ${JSON.stringify({
              investmentId: item.investmentId,
              principalCents: item.principalCents,
              profitCents: item.profitCents,
            })}::jsonb${at ? sql`, ${at.toISOString()}::timestamptz` : sql``})`,
        ),
        sql`, `,
      )}
      returning id, reference`);
  } catch (error) {
    if (isUniqueViolation(error, 'ledger_journals_kind_reference_unique')) throw new AppError(409, 'This has already been processed');
    throw error;
  }
  const journals = resultRows<{ id: string | number; reference: string }>(inserted);
  const journalId = new Map(journals.map((row) => [row.reference, Number(row.id)]));
  const postings = items.flatMap((item) => {
    const journal = journalId.get(`investment:${item.investmentId}`)!;
    const rows = [sql`(${journal}::bigint, ${accountId.get(`${item.userId}/wallet`)!}::bigint, ${item.principalCents + item.profitCents}::bigint)`];
    if (item.principalCents > 0) rows.push(sql`(${journal}::bigint, ${accountId.get(`${item.userId}/invested`)!}::bigint, ${-item.principalCents}::bigint)`);
    if (item.profitCents > 0) rows.push(sql`(${journal}::bigint, ${accountId.get(`${item.userId}/profit_expense`)!}::bigint, ${-item.profitCents}::bigint)`);
    return rows;
  });
  await tx.execute(sql`insert into ledger_postings (journal_id, account_id, amount_cents) values ${sql.join(postings, sql`, `)}`);
}
