import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WithdrawalStatus } from '@app/shared';
import { at, writtenAt } from './columns';

/** A withdrawal request; its amount is held from request until approval or rejection. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** What leaves the balance (held at request). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Fee from the schedule at request time; the address receives amount - fee. */
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    asset: text('asset').notNull(),
    walletAddress: text('wallet_address').notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull().default('Pending'),
    notes: text('notes'),
    holdId: bigint('hold_id', { mode: 'number' }).notNull(),
    requestDate: writtenAt('request_date'),
    decidedAt: at('decided_at'),
    decidedBy: text('decided_by'),
    /** The payout transaction given at approval (lowercase for EVM). */
    payoutTxHash: text('payout_tx_hash'),
    /** Set when the payout was checked on chain: the chain and block it was found in. */
    payoutChainId: integer('payout_chain_id'),
    payoutBlockNumber: bigint('payout_block_number', { mode: 'number' }),
    payoutVerifiedAt: at('payout_verified_at'),
  },
  (table) => [
    uniqueIndex('withdrawals_payout_tx_unique').on(sql`lower(${table.payoutTxHash})`).where(sql`${table.payoutTxHash} is not null`),
    index('withdrawals_user_idx').on(table.userId, table.requestDate, table.id),
    index('withdrawals_status_idx').on(table.status, table.requestDate),
  ],
);

/** Up to two saved withdrawal addresses per user (FAQ "two wallets"): slot 1 or 2. */
export const savedWallets = pgTable(
  'saved_wallets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    slot: integer('slot').notNull(),
    asset: text('asset').notNull(),
    address: text('address').notNull(),
    label: text('label').notNull().default(''),
    createdAt: writtenAt(),
  },
  (table) => [uniqueIndex('saved_wallets_user_slot_unique').on(table.userId, table.slot)],
);

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type SavedWalletRow = typeof savedWallets.$inferSelect;
