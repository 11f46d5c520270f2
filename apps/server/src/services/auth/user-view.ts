import { eq } from 'drizzle-orm';
import type { UserView } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { sessions, userTotp } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { preparedPerDatabase } from '../../db/prepared';
import { accountBalancesByKind, balancesFromAccounts, getUserBalances, moneyFigures, type UserBalances } from '../../ledger/balances';
import { activeSession, batchedSessionRead, sessionIdOf, sessionReads, type ActiveSession, type SessionUser } from './sessions';

/** Whether the account has confirmed two-factor set-up. */
export async function isTwoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return Boolean(row?.enabledAt);
}

/** The session's with the user's balances: GET /api/users/getUser reads them in one round trip. */
const sessionWithBalancesById = preparedPerDatabase((db) => {
  return batchedSessionRead(db, sessionReads(db, { accountBalances: accountBalancesByKind(sessions.userId) }, 'sessions_with_balances_by_id'));
});

/** The live session of a token with its user's balances (for `sessionWith` in the route). */
export async function findSessionWithBalances(deps: Pick<AppDeps, 'db'>, token: string): Promise<{ auth: ActiveSession; data: UserBalances } | null> {
  const id = sessionIdOf(token);
  const row = id ? await sessionWithBalancesById(deps.db)({ id }) : undefined;
  const auth = row ? await activeSession(deps.db, row) : null;
  return auth && row ? { auth, data: balancesFromAccounts(row.accountBalances ?? {}) } : null;
}

/** The account's own fields and ledger figures, as the user view and the staff list show them. */
export function accountFields(
  user: Pick<SessionUser, 'id' | 'name' | 'email' | 'phone' | 'country' | 'bio' | 'photo' | 'role' | 'isVerified' | 'kycStatus' | 'hasFees' | 'referralCode' | 'createdAt'>,
  balances: UserBalances,
) {
  const money = moneyFigures(balances);
  // No spread inside the literal: this is every getUser, and a spread makes V8 build the object key by key.
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
    balance: money.balance,
    availableBalance: money.availableBalance,
    investmentBalance: money.investmentBalance,
    totalMaturityAmount: money.totalMaturityAmount,
    fees: money.fees,
    hasFees: user.hasFees,
    referralCode: user.referralCode,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * The user object every client sees (SPEC §3 User plus availableBalance). Money figures come
 * from the ledger; the password hash, tokens and TOTP secrets never leave the server. Given the
 * request's session, its two-factor state (and the balances, when read with it) are used
 * rather than read again.
 */
export async function toUserView(
  db: DbOrTx,
  user: SessionUser,
  auth?: Pick<ActiveSession, 'session' | 'twoFactorEnabled'> | null,
  knownBalances?: UserBalances,
): Promise<UserView> {
  const [balances, twoFactorEnabled] = await Promise.all([
    knownBalances ?? getUserBalances(db, user.id),
    auth ? auth.twoFactorEnabled : isTwoFactorEnabled(db, user.id),
  ]);
  // Object.assign, not a literal starting with a spread: this is every getUser (ADR 0014).
  return Object.assign(accountFields(user, balances), { isImpersonated: auth?.session.impersonatorId != null, twoFactorEnabled, language: user.language });
}
