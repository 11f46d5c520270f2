import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { userIdColumn, users } from './users';
import { at } from './columns';

export type AuthTokenKind = 'verify-email' | 'reset-password';

/** Email verification and password reset links: random, stored hashed, expiring, single use. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    /** sha256 of the token sent by email. */
    tokenHash: text('token_hash').primaryKey(),
    userId: userIdColumn(),
    kind: text('kind').$type<AuthTokenKind>().notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('auth_tokens_user_kind_idx').on(table.userId, table.kind)],
);

/**
 * "New browser" access codes: 6 characters, stored hashed, bound to the device that passed
 * the password check, limited attempts, single use.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: text('id').primaryKey(),
    userId: userIdColumn(),
    /** sha256 of the device cookie the password login came from. */
    deviceHash: text('device_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** Until when "resend" may issue a new code for this device without a new password check. */
    resendUntil: at('resend_until').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('login_codes_user_device_idx').on(table.userId, table.deviceHash)],
);

/** Devices (browsers) an account has signed in from; a password login elsewhere needs a code. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    userId: userIdColumn(),
    deviceHash: text('device_hash').notNull(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);

/** TOTP (authenticator app) per account. The secret is encrypted with the totp key. */
export const userTotp = pgTable('user_totp', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  secretEnc: text('secret_enc').notNull(),
  /** Null while set-up is started but not confirmed with a first code. */
  enabledAt: at('enabled_at'),
  /** The last 30-second step a code was accepted for; codes of that step or earlier are refused (no replay). */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: at('created_at').notNull(),
});

/** One-time recovery codes for two-factor, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').notNull(),
    userId: userIdColumn(),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_unique').on(table.userId, table.codeHash)],
);

export type AuthTokenRow = typeof authTokens.$inferSelect;
export type LoginCodeRow = typeof loginCodes.$inferSelect;
export type UserTotpRow = typeof userTotp.$inferSelect;
