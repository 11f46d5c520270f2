import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { KycStatus, Language, Role } from '@app/shared';
import { at, writtenAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    bio: text('bio').notNull().default(''),
    photo: text('photo'),
    role: text('role').$type<Role>().notNull().default('subscriber'),
    isVerified: boolean('is_verified').notNull().default(false),
    kycStatus: text('kyc_status').$type<KycStatus>().notNull().default('Not Submitted'),
    /** Null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    referralCode: text('referral_code').notNull(),
    referredById: text('referred_by_id'),
    hasFees: boolean('has_fees').notNull().default(false),
    /** The language of the web app and of this user's emails (issue 21). */
    language: text('language').$type<Language>().notNull().default('en'),
    createdAt: writtenAt(),
    updatedAt: writtenAt('updated_at'),
    lastLoginAt: at('last_login_at'),
    /** Set when the account is deleted: access and personal data go, ledger history stays. */
    deletedAt: at('deleted_at'),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_referral_code_unique').on(table.referralCode),
    uniqueIndex('users_google_sub_unique').on(table.googleSub).where(sql`${table.googleSub} is not null`),
    index('users_referred_by_idx').on(table.referredById),
    // The staff list's order, newest first, walked backwards in keyset pages (ADR 0019).
    index('users_created_at_id_idx').on(table.createdAt, table.id),
    // The users table's other sort columns, each walked in keyset pages by (column, id) either way.
    index('users_name_id_idx').on(table.name, table.id),
    index('users_email_id_idx').on(table.email, table.id),
    index('users_role_id_idx').on(table.role, table.id),
    index('users_kyc_status_id_idx').on(table.kycStatus, table.id),
  ],
);

/**
 * The staff list's counts of live users (SPEC §3), one row kept by statement triggers on
 * users (migration 0010_user_counts_triggers), so reading them costs the same with 1,000 or
 * 100,000 users.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    id: boolean('id').primaryKey().default(true),
    live: bigint('live', { mode: 'number' }).notNull().default(0),
    verified: bigint('verified', { mode: 'number' }).notNull().default(0),
    suspended: bigint('suspended', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('user_counts_one_row', sql`${table.id}`)],
);

/**
 * The words of each user's name, lower-cased, for the staff search by name (ADR 0019): a term
 * finds the names with a word starting with it through the B-tree on `word` (byte order, so a
 * prefix is one range), and the rest of a search's terms are checked per user on the key.
 * Written only by statement triggers on users (migration 0023_user_name_words_triggers).
 */
export const userNameWords = pgTable(
  'user_name_words',
  {
    userId: text('user_id').notNull(),
    word: text('word').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.word] }), index('user_name_words_word_idx').on(sql`${table.word} collate "C"`, table.userId)],
);

export type UserRow = typeof users.$inferSelect;

/** The user a row belongs to. */
export const userIdColumn = () => text('user_id').notNull().references(() => users.id);
