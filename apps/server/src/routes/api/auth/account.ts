import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  KYC_STATUSES,
  PROFILE_PHOTO_MAX_BYTES,
  ROLES,
  automatedEmailSchema,
  changePasswordSchema,
  disableTwoFactorSchema,
  emailParamSchema,
  forgotPasswordSchema,
  googleCallbackSchema,
  loginSchema,
  loginWithCodeSchema,
  registerSchema,
  resetPasswordSchema,
  twoFactorCodeSchema,
  updateUserSchema,
} from '@app/shared';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { randomToken } from '../../../lib/crypto';
import { currentUser, requireUser } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { rateLimitRedis } from '../../../plugins/rate-limit-store';
import { sendAutomatedEmail } from '../../../services/auth/automated-email';
import {
  MESSAGES,
  TwoFactorError,
  changePassword,
  forgotPassword,
  login,
  loginWithCode,
  logout,
  logoutEverywhere,
  register,
  resendLoginCode,
  resendVerification,
  resetPassword,
  signInWithGoogle,
  updateProfile,
  verifyEmail,
  type AuthContext,
  type LoginOutcome,
  type SignedIn,
} from '../../../services/auth/login';
import { verifyGoogleCredential } from '../../../services/auth/google';
import { readProfilePhoto, storeProfilePhoto } from '../../../services/auth/photo';
import { listDeviceSessions, revokeDeviceSession } from '../../../services/auth/devices';
import {
  disableTwoFactor,
  enableTwoFactor,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from '../../../services/auth/totp';
import { DEVICE_COOKIE, SESSION_COOKIE, SESSION_TTL_MS } from '../../../services/auth/sessions';
import { isTwoFactorEnabled, toUserView } from '../../../services/auth/user-view';

const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

export const userViewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  bio: z.string(),
  photo: z.string().nullable(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  balance: z.string(),
  availableBalance: z.string(),
  investmentBalance: z.string(),
  totalMaturityAmount: z.string(),
  fees: z.string(),
  hasFees: z.boolean(),
  referralCode: z.string(),
  isImpersonated: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});

const message = z.object({ message: z.string() });
const loginRefusal = z.object({ message: z.string(), twoFactorRequired: z.boolean().optional() });
const tokenParam = z.object({ token: z.string().min(1).max(200) });
const resetTokenParam = z.object({ resetToken: z.string().min(1).max(200) });

// ---------------------------------------------------------------- rate limits

const WINDOW_MS = 15 * 60 * 1000;

interface Limit {
  /** Requests allowed per window per IP. */
  ip: number;
  /** Requests allowed per window per account (email or user), when the route names one. */
  account?: number;
  windowMs?: number;
}

export const AUTH_RATE_LIMITS = {
  login: { ip: 50, account: 10 },
  register: { ip: 10, windowMs: 60 * 60 * 1000 },
  forgot: { ip: 10, account: 3 },
  sendCode: { ip: 10, account: 5 },
  loginWithCode: { ip: 30, account: 10 },
  reset: { ip: 10 },
  verify: { ip: 30 },
  resendVerification: { ip: 30, account: 5 },
  google: { ip: 30 },
  changePassword: { ip: 30, account: 10 },
  automatedEmail: { ip: 30, account: 10 },
  twoFactor: { ip: 30, account: 10 },
} as const satisfies Record<string, Limit>;

function tooMany(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(429, `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
}

/**
 * onRequest: these routes take JSON only. Fastify would also parse text/plain; a form post
 * or anything else with a body gets 415 before it is read.
 */
async function jsonOnly(request: FastifyRequest) {
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) throw new AppError(415, 'Unsupported content type');
}

// ---------------------------------------------------------------- cookies and context

function secure(request: FastifyRequest) {
  return request.protocol === 'https';
}

/** The browser's long-lived device id; set when missing so the new-browser check has something to recognise. */
function ensureDevice(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[DEVICE_COOKIE];
  if (existing && /^[\w-]{20,64}$/.test(existing)) return existing;
  const deviceId = randomToken(24);
  reply.setCookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request),
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return deviceId;
}

function authContext(request: FastifyRequest, reply: FastifyReply): AuthContext {
  return {
    ip: request.ip ?? null,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    deviceId: ensureDevice(request, reply),
    currentSessionId: request.auth?.session.id ?? null,
  };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request),
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: secure(request), path: '/' });
}

async function signedIn(app: App, request: FastifyRequest, reply: FastifyReply, result: SignedIn, status = 200) {
  setSessionCookie(request, reply, result.token);
  return reply.status(status).send(await toUserView(app.deps.db, result.user));
}

async function answerLogin(app: App, request: FastifyRequest, reply: FastifyReply, run: () => Promise<LoginOutcome>) {
  let outcome: LoginOutcome;
  try {
    outcome = await run();
  } catch (error) {
    if (error instanceof TwoFactorError) return reply.status(401).send({ message: error.message, twoFactorRequired: true });
    throw error;
  }
  if (outcome.kind === 'two-factor') return reply.status(401).send({ message: outcome.message, twoFactorRequired: true });
  return signedIn(app, request, reply, outcome);
}

// ---------------------------------------------------------------- routes

export async function usersAuthRoutes(app: App) {
  const scale = app.deps.config.authRateLimitScale ?? 1;
  const redis = await rateLimitRedis(app);
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'vaultline-auth-',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl / 1000),
  });

  /** Route config: the per-IP limit (checked before the body is read). */
  const ipLimit = (name: keyof typeof AUTH_RATE_LIMITS) => {
    const limit: Limit = AUTH_RATE_LIMITS[name];
    return {
      rateLimit: {
        max: Math.ceil(limit.ip * scale),
        timeWindow: limit.windowMs ?? WINDOW_MS,
        keyGenerator: (request: FastifyRequest) => `ip:${name}:${request.ip}`,
      },
    };
  };

  /** preHandler: the per-account limit, keyed by what the request names (email) or who is signed in. */
  const accountLimit = (name: keyof typeof AUTH_RATE_LIMITS, keyOf: (request: FastifyRequest) => string | undefined) => {
    const limit: Limit = AUTH_RATE_LIMITS[name];
    const check = app.createRateLimit({
      max: Math.ceil((limit.account ?? limit.ip) * scale),
      timeWindow: limit.windowMs ?? WINDOW_MS,
      keyGenerator: (request) => `acct:${name}:${keyOf(request) ?? ''}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      if (!keyOf(request)) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw tooMany(result.ttlInSeconds);
      }
    };
  };
  const bodyEmail = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
  const paramEmail = (request: FastifyRequest) => (request.params as { email?: string } | undefined)?.email;
  const signedInUser = (request: FastifyRequest) => request.auth?.user.id;

  // -------------------------------------------------------------- register / login / logout

  app.post(
    '/api/users/register',
    {
      onRequest: jsonOnly,
      config: ipLimit('register'),
      schema: {
        tags: ['auth'],
        summary: 'Create an account (signs in, trusts this browser, emails a verification link)',
        body: registerSchema,
        response: { 201: userViewSchema },
      },
    },
    async (request, reply) => signedIn(app, request, reply, await register(app.deps, request.body, authContext(request, reply)), 201),
  );

  app.post(
    '/api/users/login',
    {
      onRequest: jsonOnly,
      config: ipLimit('login'),
      preHandler: accountLimit('login', bodyEmail),
      schema: {
        tags: ['auth'],
        summary: "Sign in with email and password. From a new browser: 401 'New browser...' and an emailed access code. With two-factor on: 401 twoFactorRequired until twoFactorCode is sent.",
        body: loginSchema,
        response: { 200: userViewSchema, 401: loginRefusal },
      },
    },
    async (request, reply) => answerLogin(app, request, reply, () => login(app.deps, request.body, authContext(request, reply))),
  );

  app.get(
    '/api/users/logout',
    {
      // The spec's sign-out is a GET: refused from another site, so no page elsewhere can sign a user out.
      config: { changesState: true },
      schema: { tags: ['auth'], summary: 'Sign out of this browser (ends this session only; 403 when sent from another site)', response: { 200: message } },
    },
    async (request, reply) => {
      await logout(app.deps, request.auth?.session ?? null);
      clearSessionCookie(request, reply);
      return { message: MESSAGES.logout };
    },
  );

  app.post(
    '/api/users/logout-everywhere',
    {
      preHandler: requireUser,
      schema: { tags: ['auth'], summary: 'Sign out everywhere: ends every session of this account, this one included', response: { 200: message } },
    },
    async (request, reply) => {
      await logoutEverywhere(app.deps, currentUser(request).id);
      clearSessionCookie(request, reply);
      return { message: 'You are signed out on every device' };
    },
  );

  app.get(
    '/api/users/loginStatus',
    { schema: { tags: ['auth'], summary: 'Whether the request carries a live session', response: { 200: z.boolean() } } },
    async (request) => request.auth !== null,
  );

  app.get(
    '/api/users/getUser',
    {
      preHandler: requireUser,
      config: { sessionWithBalances: true },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userViewSchema } },
    },
    async (request) => toUserView(app.deps.db, currentUser(request), request.auth),
  );

  app.patch(
    '/api/users/updateUser',
    {
      onRequest: jsonOnly,
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Update name, phone, bio, country and photo (anything else is ignored)',
        body: updateUserSchema,
        response: { 200: userViewSchema },
      },
    },
    async (request) => {
      const updated = await updateProfile(app.deps, currentUser(request), request.body);
      return toUserView(app.deps.db, updated, request.auth);
    },
  );

  // -------------------------------------------------------------- email verification

  app.post(
    '/api/users/sendVerificationEmail',
    {
      preHandler: [requireUser, accountLimit('resendVerification', signedInUser)],
      config: ipLimit('resendVerification'),
      schema: { tags: ['auth'], summary: 'Email a new verification link', response: { 200: message } },
    },
    async (request) => ({ message: await resendVerification(app.deps, currentUser(request)) }),
  );

  app.patch(
    '/api/users/verifyUser/:token',
    {
      config: ipLimit('verify'),
      schema: { tags: ['auth'], summary: 'Verify the email address with the emailed token', params: tokenParam, response: { 200: message } },
    },
    async (request) => ({ message: await verifyEmail(app.deps, request.params.token) }),
  );

  // -------------------------------------------------------------- passwords

  app.patch(
    '/api/users/changePassword',
    {
      onRequest: jsonOnly,
      preHandler: [requireUser, accountLimit('changePassword', signedInUser)],
      config: ipLimit('changePassword'),
      schema: {
        tags: ['auth'],
        summary: 'Change the password (other sessions are signed out)',
        body: changePasswordSchema,
        response: { 200: message },
      },
    },
    async (request) => ({
      message: await changePassword(app.deps, currentUser(request), request.auth!.session.id, request.body),
    }),
  );

  app.post(
    '/api/users/sendAutomatedEmail',
    {
      onRequest: jsonOnly,
      preHandler: [requireUser, accountLimit('automatedEmail', signedInUser)],
      config: ipLimit('automatedEmail'),
      schema: {
        tags: ['auth'],
        summary:
          "The email of an event the caller just caused (templates changePassword, changeRole): to the caller, or to the user whose role they changed; answered from the email the change queued, never sent twice",
        body: automatedEmailSchema,
        response: { 200: message },
      },
    },
    async (request) => sendAutomatedEmail(app.deps, currentUser(request), request.body),
  );

  app.post(
    '/api/users/forgotPassword',
    {
      onRequest: jsonOnly,
      config: ipLimit('forgot'),
      preHandler: accountLimit('forgot', bodyEmail),
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (same answer whether or not the account exists)',
        body: forgotPasswordSchema,
        response: { 200: message },
      },
    },
    async (request) => ({ message: await forgotPassword(app.deps, request.body.email) }),
  );

  app.patch(
    '/api/users/resetPassword/:resetToken',
    {
      onRequest: jsonOnly,
      config: ipLimit('reset'),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed token (every session is signed out)',
        params: resetTokenParam,
        body: resetPasswordSchema,
        response: { 200: message },
      },
    },
    async (request) => ({ message: await resetPassword(app.deps, request.params.resetToken, request.body.password) }),
  );

  // -------------------------------------------------------------- new browser codes

  app.post(
    '/api/users/sendLoginCode/:email',
    {
      config: ipLimit('sendCode'),
      preHandler: accountLimit('sendCode', paramEmail),
      schema: {
        tags: ['auth'],
        summary: 'Resend the access code for a sign-in from this browser that is waiting for one',
        params: emailParamSchema,
        response: { 200: message },
      },
    },
    async (request, reply) => ({ message: await resendLoginCode(app.deps, request.params.email, authContext(request, reply)) }),
  );

  app.post(
    '/api/users/loginWithCode/:email',
    {
      onRequest: jsonOnly,
      config: ipLimit('loginWithCode'),
      preHandler: accountLimit('loginWithCode', paramEmail),
      schema: {
        tags: ['auth'],
        summary: 'Finish a new-browser sign-in with the emailed access code (trusts this browser)',
        params: emailParamSchema,
        body: loginWithCodeSchema,
        response: { 200: userViewSchema },
      },
    },
    async (request, reply) =>
      signedIn(app, request, reply, await loginWithCode(app.deps, request.params.email, request.body.loginCode, authContext(request, reply))),
  );

  // -------------------------------------------------------------- Google

  app.get(
    '/api/users/auth-options',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in methods are on (Google is hidden without a client id)',
        response: { 200: z.object({ googleClientId: z.string().nullable() }) },
      },
    },
    async () => ({ googleClientId: app.deps.config.googleClientId ?? null }),
  );

  app.post(
    '/api/users/google/callback',
    {
      onRequest: jsonOnly,
      config: ipLimit('google'),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token (never linked silently to an existing password account)',
        body: googleCallbackSchema,
        response: { 200: userViewSchema, 401: loginRefusal },
      },
    },
    async (request, reply) => {
      const identity = await verifyGoogleCredential(app.deps, request.body.credential);
      return answerLogin(app, request, reply, () =>
        signInWithGoogle(app.deps, identity, request.body.twoFactorCode, authContext(request, reply)),
      );
    },
  );

  // -------------------------------------------------------------- signed-in devices

  app.get(
    '/api/users/sessions',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Signed-in devices of this account',
        response: {
          200: z.object({
            sessions: z.array(
              z.object({
                id: z.string(),
                current: z.boolean(),
                userAgent: z.string().nullable(),
                ip: z.string().nullable(),
                createdAt: z.string(),
                lastSeenAt: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ sessions: await listDeviceSessions(app.deps, request.auth!.session) }),
  );

  app.delete(
    '/api/users/sessions/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Sign out one device of this account',
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: message },
      },
    },
    async (request, reply) => {
      const wasCurrent = await revokeDeviceSession(app.deps, request.auth!.session, request.params.id);
      if (wasCurrent) clearSessionCookie(request, reply);
      return { message: 'Device signed out' };
    },
  );

  // -------------------------------------------------------------- two-factor

  app.get(
    '/api/users/2fa',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Two-factor status',
        response: { 200: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const enabled = await isTwoFactorEnabled(app.deps.db, user.id);
      return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(app.deps.db, user.id) : 0 };
    },
  );

  app.post(
    '/api/users/2fa/setup',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Start two-factor set-up: a new secret and its QR code',
        response: { 200: z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string() }) },
      },
    },
    async (request) => startTwoFactorSetup(app.deps, currentUser(request)),
  );

  app.post(
    '/api/users/2fa/enable',
    {
      onRequest: jsonOnly,
      preHandler: [requireUser, accountLimit('twoFactor', signedInUser)],
      schema: {
        tags: ['auth'],
        summary: 'Confirm set-up with a first code; answers the recovery codes once',
        body: twoFactorCodeSchema,
        response: { 200: z.object({ message: z.string(), recoveryCodes: z.array(z.string()) }) },
      },
    },
    async (request) => ({
      message: 'Two-factor authentication is on',
      recoveryCodes: await enableTwoFactor(app.deps, currentUser(request), request.body.code),
    }),
  );

  app.post(
    '/api/users/2fa/disable',
    {
      onRequest: jsonOnly,
      preHandler: [requireUser, accountLimit('twoFactor', signedInUser)],
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor off (password and a current code)',
        body: disableTwoFactorSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      await disableTwoFactor(app.deps, currentUser(request), request.body.password, request.body.code);
      return { message: 'Two-factor authentication is off' };
    },
  );

  app.post(
    '/api/users/2fa/recovery-codes',
    {
      onRequest: jsonOnly,
      preHandler: [requireUser, accountLimit('twoFactor', signedInUser)],
      schema: {
        tags: ['auth'],
        summary: 'New recovery codes (the old ones stop working)',
        body: twoFactorCodeSchema,
        response: { 200: z.object({ message: z.string(), recoveryCodes: z.array(z.string()) }) },
      },
    },
    async (request) => ({
      message: 'New recovery codes created',
      recoveryCodes: await regenerateRecoveryCodes(app.deps, currentUser(request), request.body.code),
    }),
  );

  // -------------------------------------------------------------- profile photo

  app.get(
    '/api/users/photo/:name',
    { schema: { tags: ['auth'], summary: 'A profile photo', params: z.object({ name: z.string().max(64) }) } },
    async (request, reply) => {
      const photo = await readProfilePhoto(app.deps, request.params.name);
      if (!photo) throw notFound('Photo not found');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-type', photo.type)
        .send(photo.bytes);
    },
  );

  await app.register(async (scope: App) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
    });
    scope.post(
      '/api/users/uploadPhoto',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Upload a profile photo (multipart field "photo": jpeg or png, 5 MB); sets it and answers the user',
          consumes: ['multipart/form-data'],
          response: { 200: userViewSchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        if (!request.isMultipart()) throw badRequest('Please select a file.');
        let bytes: Buffer | undefined;
        try {
          const file = await request.file();
          if (!file || file.fieldname !== 'photo') throw badRequest('Please select a file.');
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError(413, `File size must be less than ${PROFILE_PHOTO_MAX_BYTES / 1024 / 1024}MB.`);
          }
          throw badRequest('Upload failed. Please try again.');
        }
        const url = await storeProfilePhoto(app.deps, bytes);
        const updated = await updateProfile(app.deps, user, { photo: url });
        return toUserView(app.deps.db, updated, request.auth);
      },
    );
  });

}
