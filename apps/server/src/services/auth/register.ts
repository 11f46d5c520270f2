import { eq } from 'drizzle-orm';
import type { Language } from '@app/shared';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { hashNewPassword } from '../../lib/passwords';
import { findUserByEmail, insertUser } from './accounts';
import { sendVerificationEmail } from './emails';
import { deviceHash, openSession, trustDevice, type AuthContext, type SignedIn } from './login';
import { MESSAGES } from './messages';
import { issueToken, VERIFY_TOKEN_TTL_MS } from './tokens';

export interface RegisterData {
  name: string;
  email: string;
  password: string;
  phone: string;
  country: string;
  referralCode?: string;
  language?: Language;
}

export async function register(deps: AppDeps, data: RegisterData, context: AuthContext): Promise<SignedIn> {
  if (await findUserByEmail(deps.db, data.email)) throw badRequest(MESSAGES.emailTaken);
  let referredById: string | null = null;
  if (data.referralCode) {
    const [referrer] = await deps.db
      .select({ id: users.id, email: users.email, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.referralCode, data.referralCode))
      .limit(1);
    if (!referrer || referrer.deletedAt || referrer.email === data.email) throw badRequest(MESSAGES.invalidReferral);
    referredById = referrer.id;
  }
  // Hash before the transaction: argon2 takes tens of milliseconds and must not hold a connection.
  const passwordHash = await hashNewPassword(data.password);
  try {
    return await deps.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        name: data.name,
        email: data.email,
        phone: data.phone,
        country: data.country,
        referredById,
        language: data.language,
      });
      const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, created.id)).returning();
      await trustDevice(deps, tx, created.id, deviceHash(context.deviceId));
      const token = await issueToken(deps, tx, created.id, 'verify-email', VERIFY_TOKEN_TTL_MS);
      await sendVerificationEmail(deps, tx, created, token, VERIFY_TOKEN_TTL_MS / 3600_000);
      return openSession(deps, tx, user ?? created, context);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw badRequest(MESSAGES.emailTaken);
    throw error;
  }
}
