import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { hashNewPassword, verifyPassword } from '../../lib/passwords';
import { findUserByEmail, storedPasswordHash } from './accounts';
import { sendPasswordChangedEmail, sendResetEmail, sendVerificationEmail } from './emails';
import { MESSAGES } from './messages';
import { revokeUserSessions, type SessionUser } from './sessions';
import { consumeToken, issueToken, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from './tokens';

export async function resendVerification(deps: AppDeps, user: SessionUser): Promise<string> {
  if (user.isVerified) throw badRequest(MESSAGES.alreadyVerified);
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(deps, tx, user.id, 'verify-email', VERIFY_TOKEN_TTL_MS);
    await sendVerificationEmail(deps, tx, user, token, VERIFY_TOKEN_TTL_MS / 3600_000);
  });
  return MESSAGES.verificationSent;
}

export async function verifyEmail(deps: AppDeps, token: string): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const userId = await consumeToken(deps, tx, token, 'verify-email');
    await tx.update(users).set({ isVerified: true, updatedAt: deps.now() }).where(eq(users.id, userId));
    return MESSAGES.verified;
  });
}

/**
 * Same answer, and about the same time, whether or not the account exists: the link is
 * issued and queued after the answer, so response timing does not reveal who has an account.
 */
export async function forgotPassword(deps: AppDeps, email: string): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.deletedAt && user.role !== 'suspended') {
    // On the next turn of the event loop, so not even its first query delays the answer.
    setImmediate(() => {
      const work = deps.db.transaction(async (tx) => {
        const token = await issueToken(deps, tx, user.id, 'reset-password', RESET_TOKEN_TTL_MS);
        await sendResetEmail(deps, tx, user, token, RESET_TOKEN_TTL_MS / 60_000);
      });
      work.catch((error: unknown) => deps.log.error({ err: error }, 'password reset email failed'));
    });
  }
  return MESSAGES.forgotSent;
}

export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<string> {
  const passwordHash = await hashNewPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(deps, tx, token, 'reset-password');
    const [user] = await tx.update(users).set({ passwordHash, updatedAt: deps.now() }).where(eq(users.id, userId)).returning();
    if (!user) throw badRequest(MESSAGES.invalidToken);
    await revokeUserSessions(tx, userId);
    await sendPasswordChangedEmail(deps, tx, user, 'reset');
  });
  return MESSAGES.resetDone;
}

export async function changePassword(
  deps: AppDeps,
  user: SessionUser,
  currentSessionId: string,
  data: { oldPassword: string; password: string },
): Promise<string> {
  const storedHash = await storedPasswordHash(deps.db, user.id);
  if (!storedHash) {
    throw badRequest('This account signs in with Google and has no password yet. Use Forgot password to set one.');
  }
  if (!(await verifyPassword(storedHash, data.oldPassword))) throw badRequest(MESSAGES.wrongOldPassword);
  const passwordHash = await hashNewPassword(data.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.now() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, currentSessionId);
    await sendPasswordChangedEmail(deps, tx, user, 'changed');
  });
  return MESSAGES.passwordChanged;
}
