import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { loginCodes, trustedDevices, users, type UserRow } from '../../db/schema';
import { deriveKey, hashToken, hmac, safeEqual } from '../../lib/crypto';
import { AppError, badRequest, forbidden, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { findUserByEmail, insertUser } from './accounts';
import { sendLoginCodeEmail, sendNewDeviceEmail } from './emails';
import { MESSAGES } from './messages';
import { createSession, revokeSession, revokeUserSessions } from './sessions';
import { isTwoFactorEnabled } from './user-view';
import { verifySecondFactor } from './totp';
import { hasPasskey } from './passkeys';

export const LOGIN_CODE_TTL_MS = 15 * 60 * 1000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** "Resend code" works this long after the password check that started the new-browser flow. */
export const LOGIN_CODE_RESEND_WINDOW_MS = 30 * 60 * 1000;
const LOGIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** What a sign-in request carries besides its body. */
export interface AuthContext {
  ip: string | null;
  userAgent: string | null;
  /** The raw device cookie (always present: routes set one when missing). */
  deviceId: string;
  /** The session the request came with, ended at sign-in (session rotation). */
  currentSessionId: string | null;
}

export interface SignedIn {
  user: UserRow;
  token: string;
  sessionId: string;
}

/** two-factor: the password was right; passkeyAvailable says a passkey may stand in for the code. */
export type LoginOutcome = ({ kind: 'signed-in' } & SignedIn) | { kind: 'two-factor'; message: string; passkeyAvailable: boolean };

export const deviceHash = (deviceId: string) => hashToken(`device:${deviceId}`);

function codeKey(deps: AppDeps) {
  return deriveKey(deps.config.secretKey, 'login-code-v1');
}

function newLoginCode(): string {
  const bytes = randomBytes(6);
  let code = '';
  for (const byte of bytes) code += LOGIN_CODE_ALPHABET[byte % LOGIN_CODE_ALPHABET.length];
  return code;
}

function refuseIfSuspended(user: UserRow) {
  if (user.role === 'suspended') throw forbidden(MESSAGES.suspended);
}

async function isTrustedDevice(db: DbOrTx, userId: string, device: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.userId, userId), eq(trustedDevices.deviceHash, device)))
    .limit(1);
  return Boolean(row);
}

/** Marks a device as the account's; answers true when it was new. */
export async function trustDevice(deps: AppDeps, db: DbOrTx, userId: string, device: string): Promise<boolean> {
  const now = deps.now();
  const inserted = await db
    .insert(trustedDevices)
    .values({ userId, deviceHash: device, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: [trustedDevices.userId, trustedDevices.deviceHash], set: { lastUsedAt: now } })
    .returning({ createdAt: trustedDevices.createdAt });
  return inserted[0]?.createdAt.getTime() === now.getTime();
}

/**
 * A sign-in proven without a password check here (a passkey): the browser is trusted (a new one
 * gets the new-sign-in notice), then the session opens.
 */
export async function completeSignIn(deps: AppDeps, tx: DbOrTx, user: UserRow, context: AuthContext): Promise<SignedIn> {
  if (await trustDevice(deps, tx, user.id, deviceHash(context.deviceId))) {
    await sendNewDeviceEmail(deps, tx, user, { ip: context.ip, userAgent: context.userAgent, at: deps.now() });
  }
  return openSession(deps, tx, user, context);
}

/** Ends the session the request came with, then opens a new one: the session id changes at sign-in. */
export async function openSession(deps: AppDeps, db: DbOrTx, user: UserRow, context: AuthContext): Promise<SignedIn> {
  if (context.currentSessionId) await revokeSession(db, context.currentSessionId);
  const { token, id } = await createSession(db, user.id, {
    deviceId: deviceHash(context.deviceId),
    ip: context.ip,
    userAgent: context.userAgent,
  });
  const [updated] = await db.update(users).set({ lastLoginAt: deps.now() }).where(eq(users.id, user.id)).returning();
  return { user: updated ?? user, token, sessionId: id };
}

// ---------------------------------------------------------------- login

/** Starts the new-browser flow: a fresh code bound to this device, emailed. */
async function startLoginCode(deps: AppDeps, db: DbOrTx, user: UserRow, context: AuthContext, resendUntil?: Date) {
  const now = deps.now();
  const device = deviceHash(context.deviceId);
  // Only the newest code of a device counts.
  await db
    .update(loginCodes)
    .set({ usedAt: now })
    .where(and(eq(loginCodes.userId, user.id), eq(loginCodes.deviceHash, device), isNull(loginCodes.usedAt)));
  const code = newLoginCode();
  await db.insert(loginCodes).values({
    id: randomUUID(),
    userId: user.id,
    deviceHash: device,
    codeHash: hmac(codeKey(deps), code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
    resendUntil: resendUntil ?? new Date(now.getTime() + LOGIN_CODE_RESEND_WINDOW_MS),
  });
  await sendLoginCodeEmail(deps, db, user, code, LOGIN_CODE_TTL_MS / 60_000, context);
}

export async function login(
  deps: AppDeps,
  data: { email: string; password: string; twoFactorCode?: string },
  context: AuthContext,
): Promise<LoginOutcome> {
  const user = await findUserByEmail(deps.db, data.email);
  const usable = user && !user.deletedAt ? user : undefined;
  const passwordOk = await verifyPassword(usable?.passwordHash ?? null, data.password);
  if (!usable || !passwordOk) throw unauthorized(MESSAGES.invalidCredentials);
  refuseIfSuspended(usable);

  const device = deviceHash(context.deviceId);
  if (await isTwoFactorEnabled(deps.db, usable.id)) {
    if (!data.twoFactorCode) {
      return { kind: 'two-factor', message: MESSAGES.twoFactorRequired, passkeyAvailable: await hasPasskey(deps.db, usable.id) };
    }
    return deps.db.transaction(async (tx) => {
      if (!(await verifySecondFactor(deps, tx, usable.id, data.twoFactorCode!))) {
        throw new TwoFactorError(MESSAGES.twoFactorInvalid);
      }
      // Password plus a second factor: the browser is trusted without an email code.
      if (await trustDevice(deps, tx, usable.id, device)) {
        await sendNewDeviceEmail(deps, tx, usable, { ip: context.ip, userAgent: context.userAgent, at: deps.now() });
      }
      return { kind: 'signed-in' as const, ...(await openSession(deps, tx, usable, context)) };
    });
  }

  if (!(await isTrustedDevice(deps.db, usable.id, device))) {
    await deps.db.transaction((tx) => startLoginCode(deps, tx, usable, context));
    throw unauthorized(MESSAGES.newBrowser);
  }
  return deps.db.transaction(async (tx) => {
    await trustDevice(deps, tx, usable.id, device);
    return { kind: 'signed-in' as const, ...(await openSession(deps, tx, usable, context)) };
  });
}

/** A wrong second factor: the client keeps showing the code field. */
export class TwoFactorError extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}

// ---------------------------------------------------------------- login codes

/**
 * Resend: only for a device that passed the password check recently; the answer is the same
 * either way, so it tells nobody whether an account exists.
 */
export async function resendLoginCode(deps: AppDeps, email: string, context: AuthContext): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletedAt || user.role === 'suspended') return MESSAGES.codeSent;
  const now = deps.now();
  const [pending] = await deps.db
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.userId, user.id),
        eq(loginCodes.deviceHash, deviceHash(context.deviceId)),
        gt(loginCodes.resendUntil, now),
      ),
    )
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  if (!pending) return MESSAGES.codeSent;
  await deps.db.transaction((tx) => startLoginCode(deps, tx, user, context, pending.resendUntil));
  return MESSAGES.codeSent;
}

export async function loginWithCode(deps: AppDeps, email: string, loginCode: string, context: AuthContext): Promise<SignedIn> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletedAt) throw badRequest(MESSAGES.codeExpired);
  const now = deps.now();
  const device = deviceHash(context.deviceId);
  const [row] = await deps.db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.userId, user.id), eq(loginCodes.deviceHash, device), isNull(loginCodes.usedAt)))
    .orderBy(desc(loginCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt <= now) throw badRequest(MESSAGES.codeExpired);
  if (row.attempts >= LOGIN_CODE_MAX_ATTEMPTS) throw badRequest(MESSAGES.codeLocked);

  if (!safeEqual(hmac(codeKey(deps), loginCode.toUpperCase()), row.codeHash)) {
    const [counted] = await deps.db
      .update(loginCodes)
      .set({ attempts: sql`${loginCodes.attempts} + 1` })
      .where(and(eq(loginCodes.id, row.id), lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS)))
      .returning({ attempts: loginCodes.attempts });
    const left = LOGIN_CODE_MAX_ATTEMPTS - (counted?.attempts ?? LOGIN_CODE_MAX_ATTEMPTS);
    if (left <= 0) throw badRequest(MESSAGES.codeLocked);
    throw badRequest(`${MESSAGES.codeInvalid}. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  refuseIfSuspended(user);

  return deps.db.transaction(async (tx) => {
    // Single use, even when two requests race with the right code.
    const [claimed] = await tx
      .update(loginCodes)
      .set({ usedAt: now, resendUntil: now })
      .where(and(eq(loginCodes.id, row.id), isNull(loginCodes.usedAt), lt(loginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS)))
      .returning({ id: loginCodes.id });
    if (!claimed) throw badRequest(MESSAGES.codeExpired);
    if (await trustDevice(deps, tx, user.id, device)) {
      await sendNewDeviceEmail(deps, tx, user, { ip: context.ip, userAgent: context.userAgent, at: now });
    }
    return openSession(deps, tx, user, context);
  });
}

// ---------------------------------------------------------------- logout

/** GET /api/users/logout: ends this session only (other devices stay signed in). */
export async function logout(deps: AppDeps, session: { id: string } | null) {
  if (session) await revokeSession(deps.db, session.id);
}

/** POST /api/users/logout-everywhere: ends every session of the account. */
export async function logoutEverywhere(deps: AppDeps, userId: string) {
  await revokeUserSessions(deps.db, userId);
}

// ---------------------------------------------------------------- Google

/** Signs in the account linked to a verified Google identity, or creates one. */
export async function signInWithGoogle(
  deps: AppDeps,
  identity: { sub: string; email: string; name: string },
  twoFactorCode: string | undefined,
  context: AuthContext,
): Promise<LoginOutcome> {
  const [linked] = await deps.db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  let user = linked && !linked.deletedAt ? linked : undefined;
  if (linked?.deletedAt) throw forbidden('This account has been deleted');
  if (!user) {
    const existing = await findUserByEmail(deps.db, identity.email);
    if (existing) {
      // Never link silently: whoever controls this Google account may not own the password account.
      throw new AppError(
        409,
        'An account with this email already exists. Sign in with your email and password instead.',
      );
    }
    try {
      user = await deps.db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          name: identity.name || identity.email.split('@')[0]!,
          email: identity.email,
          isVerified: true,
          googleSub: identity.sub,
        });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique') || isUniqueViolation(error, 'users_google_sub_unique')) {
        throw new AppError(409, 'This Google account is being signed in already. Please try again.');
      }
      throw error;
    }
  }
  refuseIfSuspended(user);
  const signedInUser = user;
  const device = deviceHash(context.deviceId);
  const twoFactor = await isTwoFactorEnabled(deps.db, signedInUser.id);
  if (twoFactor && !twoFactorCode) {
    return { kind: 'two-factor', message: MESSAGES.twoFactorRequired, passkeyAvailable: await hasPasskey(deps.db, signedInUser.id) };
  }
  return deps.db.transaction(async (tx) => {
    if (twoFactor && !(await verifySecondFactor(deps, tx, signedInUser.id, twoFactorCode!))) {
      throw new TwoFactorError(MESSAGES.twoFactorInvalid);
    }
    if ((await trustDevice(deps, tx, signedInUser.id, device)) && linked) {
      await sendNewDeviceEmail(deps, tx, signedInUser, { ip: context.ip, userAgent: context.userAgent, at: deps.now() });
    }
    return { kind: 'signed-in' as const, ...(await openSession(deps, tx, signedInUser, context)) };
  });
}
