import { eq } from 'drizzle-orm';
import { formatCents, type UserView } from '@app/shared';
import type { DbOrTx } from '../db/client';
import { userTotp, type SessionRow, type UserRow } from '../db/schema';
import { getUserBalances } from '../ledger/balances';

/** Whether the account has confirmed two-factor set-up. */
export async function isTwoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return Boolean(row?.enabledAt);
}

/**
 * The user object every client sees (SPEC §3 User plus availableBalance). Money figures come
 * from the ledger; the password hash, tokens and TOTP secrets never leave the server.
 */
export async function toUserView(db: DbOrTx, user: UserRow, session?: Pick<SessionRow, 'impersonatorId'> | null): Promise<UserView> {
  const [balances, twoFactorEnabled] = await Promise.all([getUserBalances(db, user.id), isTwoFactorEnabled(db, user.id)]);
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
    balance: formatCents(balances.balanceCents),
    availableBalance: formatCents(balances.availableCents),
    investmentBalance: formatCents(balances.investedCents),
    totalMaturityAmount: formatCents(balances.totalProfitCents),
    fees: formatCents(balances.feesCents),
    hasFees: user.hasFees,
    referralCode: user.referralCode,
    isImpersonated: session?.impersonatorId != null,
    twoFactorEnabled,
    createdAt: user.createdAt.toISOString(),
  };
}
