import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ChainNetwork } from '@app/shared';
import { at, writtenAt } from './columns';

/** The next receive index per (network, watch-only key): incremented under its row lock, so no index is handed out twice. */
export const depositAddressCounters = pgTable(
  'deposit_address_counters',
  {
    network: text('network').$type<ChainNetwork>().notNull(),
    keyFingerprint: text('key_fingerprint').notNull(),
    nextIndex: integer('next_index').notNull(),
  },
  (table) => [primaryKey({ columns: [table.network, table.keyFingerprint] })],
);

/** A user's own deposit address: `<key>/0/<derivationIndex>` of the network's watch-only key. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    network: text('network').$type<ChainNetwork>().notNull(),
    keyFingerprint: text('key_fingerprint').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    /** EVM: EIP-55 checksummed; Bitcoin: bech32. */
    address: text('address').notNull(),
    createdAt: writtenAt(),
  },
  (table) => [
    uniqueIndex('deposit_addresses_user_key_unique').on(table.userId, table.network, table.keyFingerprint),
    uniqueIndex('deposit_addresses_index_unique').on(table.network, table.keyFingerprint, table.derivationIndex),
    uniqueIndex('deposit_addresses_address_unique').on(table.network, sql`lower(${table.address})`),
  ],
);

export type OnchainDepositState = 'Confirming' | 'Confirmed' | 'Dropped';

/**
 * A transfer seen arriving at a user's own address. Confirming until it has the required
 * confirmations on the canonical chain, then Confirmed (credited, or queued for staff to
 * price when the asset is not USD-pegged, through the payment it links to). Dropped when its
 * block left the canonical chain first.
 */
export const onchainDeposits = pgTable(
  'onchain_deposits',
  {
    id: text('id').primaryKey(),
    network: text('network').$type<ChainNetwork>().notNull(),
    chainId: integer('chain_id').notNull(),
    /** Lowercase 0x hash. */
    txHash: text('tx_hash').notNull(),
    /** The Transfer log's index in its block; -1 for a native transfer. */
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    asset: text('asset').notNull(),
    /** The token contract (lowercase), null for the native asset. */
    tokenContract: text('token_contract'),
    /** Base units, exactly as on chain (wei overflow bigint). */
    rawAmount: numeric('raw_amount', { precision: 78, scale: 0 }).notNull(),
    decimals: integer('decimals').notNull(),
    /** USD-pegged tokens: the cents credited (sub-cent dust rounded down). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** The base units below a cent that were not credited. */
    dustRaw: numeric('dust_raw', { precision: 78, scale: 0 }),
    userId: text('user_id').notNull(),
    address: text('address').notNull(),
    status: text('status').$type<OnchainDepositState>().notNull().default('Confirming'),
    /** The payment (DEP-…) it was credited as or queued as; a reported deposit with the same hash is linked, never doubled. */
    paymentId: text('payment_id'),
    seenAt: writtenAt('seen_at'),
    confirmedAt: at('confirmed_at'),
    droppedAt: at('dropped_at'),
  },
  (table) => [
    uniqueIndex('onchain_deposits_transfer_unique').on(table.chainId, table.txHash, table.logIndex),
    uniqueIndex('onchain_deposits_payment_unique').on(table.paymentId).where(sql`${table.paymentId} is not null`),
    index('onchain_deposits_user_idx').on(table.userId, table.seenAt),
    index('onchain_deposits_confirming_idx').on(table.chainId, table.blockNumber).where(sql`${table.status} = 'Confirming'`),
    index('onchain_deposits_tx_hash_idx').on(table.txHash),
  ],
);

/**
 * Where the watcher of a chain has read to, persisted so a restart resumes. The lease makes
 * one instance at a time scan a chain; a crashed holder's lease simply expires.
 */
export const chainCursors = pgTable(
  'chain_cursors',
  {
    network: text('network').$type<ChainNetwork>().notNull(),
    chainId: integer('chain_id').notNull(),
    /** The first block not yet read. */
    nextBlock: bigint('next_block', { mode: 'number' }).notNull(),
    /** Hash of block nextBlock - 1 as read: a different hash there now means a reorganisation. */
    lastBlockHash: text('last_block_hash'),
    /** The chain's height at the last read (confirmations are counted from it). */
    tipBlock: bigint('tip_block', { mode: 'number' }).notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: at('lease_until'),
    updatedAt: writtenAt('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.network, table.chainId] })],
);

export type DepositAddressRow = typeof depositAddresses.$inferSelect;
export type OnchainDepositRow = typeof onchainDeposits.$inferSelect;
export type ChainCursorRow = typeof chainCursors.$inferSelect;
