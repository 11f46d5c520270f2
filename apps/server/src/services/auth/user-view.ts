import { eq } from 'drizzle-orm';
import type { UserView } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { userTotp } from '../../db/schema';
import { getUserBalances, moneyFigures } from '../../ledger/balances';
import type { ActiveSession, SessionUser } from './sessions';

/** Whether the account has confirmed two-factor set-up. */
export async function isTwoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return Boolean(row?.enabledAt);
}

/**
 * The user object every client sees (SPEC §3 User plus availableBalance). Money figures come
 * from the ledger; the password hash, tokens and TOTP secrets never leave the server. Given the
 * request's session, its two-factor state (and balances, when the route asked for them with
 * the session) are used rather than read again.
 */
export async function toUserView(db: DbOrTx, user: SessionUser, auth?: Pick<ActiveSession, 'session' | 'twoFactorEnabled' | 'balances'> | null): Promise<UserView> {
  const [balances, twoFactorEnabled] = await Promise.all([
    auth?.balances ?? getUserBalances(db, user.id),
    auth ? auth.twoFactorEnabled : isTwoFactorEnabled(db, user.id),
  ]);
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    country: user.country,
    bio: user.bio,
    photo: user.photo,
    role: user.role,
    isVerified: user.isVerified,
    kycStatus: user.kycStatus,
    ...moneyFigures(balances),
    hasFees: user.hasFees,
    referralCode: user.referralCode,
    isImpersonated: auth?.session.impersonatorId != null,
    twoFactorEnabled,
    createdAt: user.createdAt.toISOString(),
  };
}
