import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, writtenAt } from './columns';

/**
 * Account kinds. Every account belongs to one user: the first three are the user's own
 * money; the others are the platform's side of that user's journals (a per-user
 * sub-ledger of the platform accounts), so a journal only ever locks one user's rows.
 * The platform totals are the sums over users. See docs/decisions/0002-ledger-concurrency.md.
 */
export const USER_ACCOUNT_KINDS = ['wallet', 'held', 'invested'] as const;
export const PLATFORM_ACCOUNT_KINDS = ['received_funds', 'fee_income', 'profit_expense', 'adjustments'] as const;
export const ACCOUNT_KINDS = [...USER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const JOURNAL_KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_settle',
  'withdrawal_release',
  'investment_hold',
  'investment_settle',
  'investment_release',
  'maturity',
  'profit_adjustment',
  'balance_adjustment',
  'fee',
  'fee_refund',
  'referral_bonus',
] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/**
 * One row per (user, kind) with the balance cached from the postings (ledger:verify checks
 * the cache). The CHECK is the last line of defence; the ledger refuses before reaching it.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind').$type<AccountKind>().notNull(),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: writtenAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user_kind_unique').on(table.userId, table.kind),
    check(
      'ledger_accounts_sign',
      sql`${table.kind} in ('received_funds', 'adjustments') or (${table.kind} = 'profit_expense' and ${table.balanceCents} <= 0) or (${table.kind} not in ('received_funds', 'adjustments', 'profit_expense') and ${table.balanceCents} >= 0)`,
    ),
  ],
);

/** Immutable (trigger): a journal is one money event; its postings sum to zero. */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<JournalKind>().notNull(),
    /** The user whose accounts the journal moves. */
    userId: text('user_id').notNull(),
    /** Who caused it (the user, a staff member) or null for the system (maturity job). */
    actorId: text('actor_id'),
    /** What the user sees in their history, e.g. "Adjustment by support: <reason>". */
    label: text('label').notNull(),
    reason: text('reason'),
    /** The business record it belongs to ("payment:<id>", "withdrawal:<id>"); unique per kind. */
    reference: text('reference'),
    metadata: jsonb('metadata'),
    createdAt: writtenAt(),
  },
  (table) => [
    index('ledger_journals_user_idx').on(table.userId, table.createdAt, table.id),
    uniqueIndex('ledger_journals_kind_reference_unique')
      .on(table.kind, table.reference)
      .where(sql`${table.reference} is not null`),
    /**
     * The journals the history shows as their own items (staff adjustments, stand-alone fees,
     * referral bonuses), so a page of them costs the same however many deposits a user has.
     * Keep the predicate identical to ADJUSTMENT_FILTER in ledger/reads.ts.
     */
    index('ledger_journals_user_history_idx')
      .on(table.userId, table.createdAt, table.id)
      .where(
        sql`kind in ('balance_adjustment', 'profit_adjustment', 'fee', 'fee_refund', 'referral_bonus') and (kind <> 'fee' or reference is null)`,
      ),
  ],
);

/** Immutable (trigger). Positive amounts increase the account's balance. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: bigint('journal_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerJournals.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('ledger_postings_journal_idx').on(table.journalId),
    index('ledger_postings_account_idx').on(table.accountId, table.journalId),
    check('ledger_postings_nonzero', sql`${table.amountCents} <> 0`),
  ],
);

export type HoldPurpose = 'withdrawal' | 'investment';
export type HoldStatus = 'held' | 'settled' | 'released';

/**
 * A hold moves money from wallet to held until it is settled (approval) or released
 * (rejection). The status change is the guarded transition that makes each happen once.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    purpose: text('purpose').$type<HoldPurpose>().notNull(),
    reference: text('reference').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<HoldStatus>().notNull().default('held'),
    holdJournalId: bigint('hold_journal_id', { mode: 'number' }).notNull(),
    resolveJournalId: bigint('resolve_journal_id', { mode: 'number' }),
    createdAt: writtenAt(),
    resolvedAt: at('resolved_at'),
  },
  (table) => [
    index('ledger_holds_user_idx').on(table.userId, table.status),
    uniqueIndex('ledger_holds_reference_unique').on(table.purpose, table.reference),
    check('ledger_holds_positive', sql`${table.amountCents} > 0`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerJournalRow = typeof ledgerJournals.$inferSelect;
export type LedgerPostingRow = typeof ledgerPostings.$inferSelect;
export type LedgerHoldRow = typeof ledgerHolds.$inferSelect;
