import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { authTokens, loginCodes, trustedDevices, users, type AuthTokenKind, type UserRow } from '../../db/schema';
import { deriveKey, hashToken, hmac, randomToken, safeEqual } from '../../lib/crypto';
import { AppError, badRequest, forbidden, unauthorized } from '../../lib/errors';
import { hashNewPassword, verifyPassword } from '../../lib/passwords';
import { findUserByEmail, insertUser, storedPasswordHash } from './accounts';
import { createSession, revokeSession, revokeUserSessions, type SessionUser } from './sessions';
import { isTwoFactorEnabled } from './user-view';
import { verifySecondFactor } from './totp';
import {
  sendLoginCodeEmail,
  sendNewDeviceEmail,
  sendPasswordChangedEmail,
  sendResetEmail,
  sendVerificationEmail,
} from './emails';

export const VERIFY_TOKEN_TTL_MS = 24 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const LOGIN_CODE_TTL_MS = 15 * 60 * 1000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** "Resend code" works this long after the password check that started the new-browser flow. */
export const LOGIN_CODE_RESEND_WINDOW_MS = 30 * 60 * 1000;
const LOGIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  suspended: 'Your account has been suspended. Please contact support.',
  newBrowser: 'New browser or device detected. We sent an access code to your email to confirm it is you.',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app (or a recovery code)',
  twoFactorInvalid: 'Invalid two-factor code',
  emailTaken: 'Email has already been registered',
  invalidReferral: 'Invalid referral code',
  invalidToken: 'Invalid or expired link. Please request a new one.',
  alreadyVerified: 'User already verified',
  verified: 'Account Verification Successful',
  verificationSent: 'Verification Email Sent',
  forgotSent: 'If an account exists for this email, we have sent a password reset link to it.',
  resetDone: 'Password Reset Successful, please login',
  passwordChanged: 'Password changed successfully',
  wrongOldPassword: 'Old password is incorrect',
  codeInvalid: 'Invalid access code',
  codeExpired: 'This access code has expired or was already used. Please request a new one.',
  codeLocked: 'Too many wrong codes. Please request a new access code.',
  codeSent: 'Access code sent to your email',
  logout: 'Logout successful',
} as const;

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

export type LoginOutcome = ({ kind: 'signed-in' } & SignedIn) | { kind: 'two-factor'; message: string };

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
async function trustDevice(deps: AppDeps, db: DbOrTx, userId: string, device: string): Promise<boolean> {
  const now = deps.now();
  const inserted = await db
    .insert(trustedDevices)
    .values({ userId, deviceHash: device, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: [trustedDevices.userId, trustedDevices.deviceHash], set: { lastUsedAt: now } })
    .returning({ createdAt: trustedDevices.createdAt });
  return inserted[0]?.createdAt.getTime() === now.getTime();
}

/** Ends the session the request came with, then opens a new one: the session id changes at sign-in. */
async function openSession(deps: AppDeps, db: DbOrTx, user: UserRow, context: AuthContext): Promise<SignedIn> {
  if (context.currentSessionId) await revokeSession(db, context.currentSessionId);
  const { token, id } = await createSession(db, user.id, {
    deviceId: deviceHash(context.deviceId),
    ip: context.ip,
    userAgent: context.userAgent,
  });
  const [updated] = await db.update(users).set({ lastLoginAt: deps.now() }).where(eq(users.id, user.id)).returning();
  return { user: updated ?? user, token, sessionId: id };
}

async function issueToken(deps: AppDeps, db: DbOrTx, userId: string, kind: AuthTokenKind, ttlMs: number): Promise<string> {
  const now = deps.now();
  // A new link replaces any earlier one of the same kind.
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  const token = randomToken(32);
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/** Uses a link token once: answers its user id, or refuses an unknown, used or expired token. */
async function consumeToken(deps: AppDeps, db: DbOrTx, token: string, kind: AuthTokenKind): Promise<string> {
  if (token.length < 20 || token.length > 100) throw badRequest(MESSAGES.invalidToken);
  const now = deps.now();
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  if (!row) throw badRequest(MESSAGES.invalidToken);
  return row.userId;
}

// ---------------------------------------------------------------- register

export interface RegisterData {
  name: string;
  email: string;
  password: string;
  phone: string;
  country: string;
  referralCode?: string;
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
    if (!data.twoFactorCode) return { kind: 'two-factor', message: MESSAGES.twoFactorRequired };
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

/** Ends the caller's sessions: all of the account's, or only the impersonation session. */
/** GET /api/users/logout: ends this session only (other devices stay signed in). */
export async function logout(deps: AppDeps, session: { id: string } | null) {
  if (session) await revokeSession(deps.db, session.id);
}

/** POST /api/users/logout-everywhere: ends every session of the account. */
export async function logoutEverywhere(deps: AppDeps, userId: string) {
  await revokeUserSessions(deps.db, userId);
}

// ---------------------------------------------------------------- email verification

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

// ---------------------------------------------------------------- passwords

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

// ---------------------------------------------------------------- profile

const PHOTO_URL = /^\/api\/users\/photo\/[a-f0-9]{32}\.(?:jpg|png)$/;

export async function updateProfile(
  deps: AppDeps,
  user: SessionUser,
  data: { name?: string; phone?: string; bio?: string; country?: string; photo?: string | null },
): Promise<SessionUser> {
  const changes: Partial<Pick<UserRow, 'name' | 'phone' | 'bio' | 'country' | 'photo'>> = {};
  if (data.name !== undefined) changes.name = data.name;
  if (data.phone !== undefined) changes.phone = data.phone;
  if (data.bio !== undefined) changes.bio = data.bio;
  if (data.country !== undefined) changes.country = data.country;
  if (data.photo !== undefined && data.photo !== user.photo) {
    if (data.photo === null || data.photo === '') changes.photo = null;
    else if (PHOTO_URL.test(data.photo)) changes.photo = data.photo;
    else throw badRequest('Upload the photo first: only photos stored by this site can be used');
  }
  if (Object.keys(changes).length === 0) return user;
  const [updated] = await deps.db
    .update(users)
    .set({ ...changes, updatedAt: deps.now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
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
  if (twoFactor && !twoFactorCode) return { kind: 'two-factor', message: MESSAGES.twoFactorRequired };
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
