import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { KycStatus, Language, Role } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users, type UserRow } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An 8-character referral code without look-alike characters. */
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

export interface NewAccount {
  name: string;
  email: string;
  password?: string | null;
  phone?: string;
  country?: string;
  role?: Role;
  isVerified?: boolean;
  kycStatus?: KycStatus;
  referredById?: string | null;
  googleSub?: string | null;
  language?: Language;
}

/** Inserts a user with a fresh id and referral code. The email must already be normalised. */
export async function insertUser(db: DbOrTx, account: NewAccount): Promise<UserRow> {
  const passwordHash = account.password ? await hashPassword(account.password) : null;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(users)
        .values({
          id: randomUUID(),
          name: account.name,
          email: account.email,
          passwordHash,
          phone: account.phone ?? '',
          country: account.country ?? '',
          role: account.role ?? 'subscriber',
          isVerified: account.isVerified ?? false,
          kycStatus: account.kycStatus ?? 'Not Submitted',
          referredById: account.referredById ?? null,
          googleSub: account.googleSub ?? null,
          referralCode: newReferralCode(),
          language: account.language ?? 'en',
        })
        .returning();
      return row!;
    } catch (error) {
      // A referral code collision (1 in 10^12) gets a new code; anything else is real.
      if (isUniqueViolation(error, 'users_referral_code_unique') && attempt < 3) continue;
      throw error;
    }
  }
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** ADMIN_EMAIL + ADMIN_PASSWORD: make sure that admin exists (verified, KYC approved). */
export async function ensureAdmin(db: DbOrTx, email: string, password: string): Promise<'created' | 'exists'> {
  const normalised = email.toLowerCase();
  if (await findUserByEmail(db, normalised)) return 'exists';
  await insertUser(db, {
    name: 'Administrator',
    email: normalised,
    password,
    role: 'admin',
    isVerified: true,
    kycStatus: 'Approved',
  });
  return 'created';
}

/** The stored password hash (null for Google-only accounts): read only where a password is checked, never with the session. */
export async function storedPasswordHash(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash ?? null;
}
