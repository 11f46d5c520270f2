import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { users } from './users';

/** A WebAuthn credential (passkey) an account signs in with (ADR 0017). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; 0 forever for most synced passkeys. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The WebAuthn user handle (base64url, random): one per account, never the user id or email. */
    webauthnUserId: text('webauthn_user_id').notNull(),
    deviceType: text('device_type').$type<'singleDevice' | 'multiDevice'>().notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('passkeys_credential_id_unique').on(table.credentialId), index('passkeys_user_idx').on(table.userId)],
);

export type WebauthnChallengePurpose = 'register' | 'login' | 'second-factor' | 'reauth';

/**
 * Challenges handed to a browser for one WebAuthn ceremony: in the database so any instance
 * can check the answer, deleted when used (single use), refused after expiresAt.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** base64url, 32 random bytes. */
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').$type<WebauthnChallengePurpose>().notNull(),
    /**
     * register and reauth: the signed-in user; second-factor: the account whose password was
     * just checked (null when the email names none, so no passkey matches).
     */
    userId: text('user_id'),
    /** register and reauth: the session that asked, which alone may answer. */
    sessionId: text('session_id'),
    /** register: the user handle offered to the authenticator. */
    webauthnUserId: text('webauthn_user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webauthn_challenges_expires_idx').on(table.expiresAt)],
);

/**
 * What a session has proven since it opened: a password or passkey check again (recent
 * authentication, needed to remove a passkey), and whether a passkey was ever used in it
 * (it then counts as two-factor for staff).
 */
export const sessionVerifications = pgTable('session_verifications', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  passkeyAt: timestamp('passkey_at', { withTimezone: true }),
});

export type PasskeyRow = typeof passkeys.$inferSelect;
export type WebauthnChallengeRow = typeof webauthnChallenges.$inferSelect;
