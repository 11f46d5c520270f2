import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { ACCOUNT_KINDS, type AccountKind, type JournalKind } from '../db/schema';
import { AppError } from '../lib/errors';
import { jsonbParam, selectRows } from '../db/rows';

export interface PostingInput {
  /** One of the journal user's accounts. */
  account: AccountKind;
  /** Signed integer cents; positive increases the account's balance. Never zero. */
  amountCents: number;
}

export interface JournalInput {
  kind: JournalKind;
  /** The user whose accounts move (platform side included: it is per user). */
  userId: string;
  /** Who caused it; null for the system. */
  actorId?: string | null;
  /** What the user sees in their history. */
  label: string;
  reason?: string | null;
  /** The business record ("payment:<id>"); a (kind, reference) pair posts at most once. */
  reference?: string | null;
  metadata?: Record<string, unknown> | null;
  /** Defaults to the database's now(). */
  at?: Date;
  /** At least two, distinct accounts, summing to zero. */
  postings: PostingInput[];
}

export interface PostedJournal {
  journalId: number;
  /** Balance of each touched account after the journal. */
  balances: Partial<Record<AccountKind, number>>;
}

/** A ledger refusal: the journal would take an account below what it allows. */
export class InsufficientFundsError extends AppError {
  constructor(
    readonly account: AccountKind,
    message: string,
  ) {
    super(400, message);
    this.name = 'InsufficientFundsError';
  }
}

const REFUSALS: Record<AccountKind, string> = {
  wallet: 'Insufficient available balance',
  held: 'The held amount is not available',
  invested: 'The amount exceeds the invested balance',
  fee_income: 'A fee refund cannot exceed the fees charged',
  profit_expense: 'A deduction cannot exceed the total profit',
  received_funds: 'Refused by the ledger',
  adjustments: 'Refused by the ledger',
};

/** Whether an account may hold this balance (mirrors the ledger_accounts_sign CHECK). */
export function balanceAllowed(kind: AccountKind, balanceCents: number): boolean {
  if (kind === 'received_funds' || kind === 'adjustments') return true;
  if (kind === 'profit_expense') return balanceCents <= 0;
  return balanceCents >= 0;
}

/**
 * Applies a delta to one account with a conditional UPDATE: the row lock it takes and the
 * re-checked WHERE clause make concurrent journals serialise on the account, and a journal
 * that would break the sign rule changes nothing. Creates the account on first use.
 */
async function applyDelta(tx: Tx, userId: string, kind: AccountKind, delta: number): Promise<{ id: number; balance: number }> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const guard =
      kind === 'received_funds' || kind === 'adjustments'
        ? sql``
        : kind === 'profit_expense'
          ? sql` and balance_cents + ${delta}::bigint <= 0`
          : sql` and balance_cents + ${delta}::bigint >= 0`;
    const updated = await selectRows<{ id: string | number; balance_cents: string | number }>(tx, sql`update ledger_accounts set balance_cents = balance_cents + ${delta}::bigint
        where user_id = ${userId} and kind = ${kind}${guard}
        returning id, balance_cents`);
    const row = updated[0];
    if (row) return { id: Number(row.id), balance: Number(row.balance_cents) };
    if (attempt === 0) {
      // Create the account if it is missing, then try the update again. When the insert
      // conflicts, either the account existed (the retry meets the same guard) or another
      // transaction created it a moment ago (the retry now sees its committed row).
      await tx.execute(sql`insert into ledger_accounts (user_id, kind) values (${userId}, ${kind})
          on conflict (user_id, kind) do nothing`);
    }
  }
  throw new InsufficientFundsError(kind, REFUSALS[kind]);
}

/**
 * Posts one journal: validates it, moves the cached balances (refusing any that would
 * break an account's sign rule) and appends the journal and its postings. Call it inside
 * a transaction; everything rolls back with the caller's on refusal.
 */
export async function postJournal(tx: Tx, input: JournalInput): Promise<PostedJournal> {
  const { postings } = input;
  if (postings.length < 2) throw new Error('A journal needs at least two postings');
  const seen = new Set<AccountKind>();
  let sum = 0;
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents === 0) {
      throw new Error(`Posting amounts must be non-zero integer cents, got ${posting.amountCents}`);
    }
    if (!ACCOUNT_KINDS.includes(posting.account)) throw new Error(`Unknown account kind ${posting.account}`);
    if (seen.has(posting.account)) throw new Error(`Account ${posting.account} appears twice in one journal`);
    seen.add(posting.account);
    sum += posting.amountCents;
  }
  if (sum !== 0) throw new Error(`Journal ${input.kind} does not balance (sum ${sum})`);

  // Lock order is fixed (ACCOUNT_KINDS order) so two journals of one user cannot deadlock.
  const ordered = [...postings].sort((a, b) => ACCOUNT_KINDS.indexOf(a.account) - ACCOUNT_KINDS.indexOf(b.account));
  const accountIds = new Map<AccountKind, number>();
  const balances: Partial<Record<AccountKind, number>> = {};
  for (const posting of ordered) {
    const { id, balance } = await applyDelta(tx, input.userId, posting.account, posting.amountCents);
    accountIds.set(posting.account, id);
    balances[posting.account] = balance;
  }

  // Written as SQL text rather than with the query builder: these two run in every money
  // transaction, and Drizzle's rendering of an insert naming every column cost more CPU than
  // the rest of the journal (bench/ledger.ts; issue 20).
  let journalId: number;
  try {
    const [journal] = await selectRows<{ id: string | number }>(
      tx,
      sql`insert into ledger_journals (kind, user_id, actor_id, label, reason, reference, metadata, created_at)
        values (${input.kind}, ${input.userId}, ${input.actorId ?? null}, ${input.label}, ${input.reason ?? null}, ${input.reference ?? null},
          ${jsonbParam(input.metadata)}::jsonb, coalesce(${input.at ? input.at.toISOString() : null}::timestamptz, now()))
        returning id`,
    );
    journalId = Number(journal!.id);
  } catch (error) {
    if (isUniqueViolation(error, 'ledger_journals_kind_reference_unique')) {
      throw new AppError(409, 'This has already been processed');
    }
    throw error;
  }
  await tx.execute(
    sql`insert into ledger_postings (journal_id, account_id, amount_cents) values ${sql.join(
      postings.map((posting) => sql`(${journalId}, ${accountIds.get(posting.account)!}, ${posting.amountCents}::bigint)`),
      sql`, `,
    )}`,
  );
  return { journalId, balances };
}

