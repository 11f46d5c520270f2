import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  authOptionsSchema,
  emailParamSchema,
  googleCallbackSchema,
  loginRefusalSchema,
  loginSchema,
  loginWithCodeSchema,
  messageSchema,
  registerSchema,
  updateUserSchema,
  userViewSchema,
} from '@app/shared';
import { jsonOnly } from '../../../plugins/json-only';
import { currentUser, requireUser, sessionWith } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { verifyGoogleCredential } from '../../../services/auth/google';
import {
  TwoFactorError,
  login,
  loginWithCode,
  logout,
  logoutEverywhere,
  resendLoginCode,
  signInWithGoogle,
  type AuthContext,
  type LoginOutcome,
  type SignedIn,
} from '../../../services/auth/login';
import { MESSAGES } from '../../../services/auth/messages';
import { updateProfile } from '../../../services/auth/profile';
import { register } from '../../../services/auth/register';
import { findSessionWithBalances, toUserView } from '../../../services/auth/user-view';
import { clearSessionCookie, ensureDeviceCookie, setSessionCookie } from '../../cookies';
import { deviceRoutes } from './devices';
import { passwordRoutes } from './passwords';
import { photoRoutes } from './photo';
import { authRateLimits, bodyEmail, paramEmail } from './rate-limits';
import { twoFactorRoutes } from './two-factor';

export function authContext(request: FastifyRequest, reply: FastifyReply): AuthContext {
  return {
    ip: request.ip ?? null,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    deviceId: ensureDeviceCookie(request, reply),
    currentSessionId: request.auth?.session.id ?? null,
  };
}

export async function signedIn(app: App, request: FastifyRequest, reply: FastifyReply, result: SignedIn, status = 200) {
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
  if (outcome.kind === 'two-factor') {
    return reply.status(401).send({ message: outcome.message, twoFactorRequired: true, passkeyAvailable: outcome.passkeyAvailable });
  }
  return signedIn(app, request, reply, outcome);
}

/** The account under /api/users: register, sign-in (password, emailed code, Google), sign-out, the user. */
export async function usersAuthRoutes(app: App) {
  const limits = await authRateLimits(app);
  const withBalances = sessionWith(findSessionWithBalances);

  // -------------------------------------------------------------- register / login / logout

  app.post(
    '/api/users/register',
    {
      onRequest: jsonOnly,
      config: limits.ip('register'),
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
      config: limits.ip('login'),
      preHandler: limits.account('login', bodyEmail),
      schema: {
        tags: ['auth'],
        summary: "Sign in with email and password. From a new browser: 401 'New browser...' and an emailed access code. With two-factor on: 401 twoFactorRequired until twoFactorCode is sent (passkeyAvailable: a passkey sign-in may stand in for the code).",
        body: loginSchema,
        response: { 200: userViewSchema, 401: loginRefusalSchema },
      },
    },
    async (request, reply) => answerLogin(app, request, reply, () => login(app.deps, request.body, authContext(request, reply))),
  );

  app.get(
    '/api/users/logout',
    {
      // The spec's sign-out is a GET: refused from another site, so no page elsewhere can sign a user out.
      config: { changesState: true },
      schema: { tags: ['auth'], summary: 'Sign out of this browser (ends this session only; 403 when sent from another site)', response: { 200: messageSchema } },
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
      schema: { tags: ['auth'], summary: 'Sign out everywhere: ends every session of this account, this one included', response: { 200: messageSchema } },
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
      // The user's balances come with the session, in one round trip.
      preValidation: withBalances.hook,
      preHandler: requireUser,
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userViewSchema } },
    },
    async (request) => toUserView(app.deps.db, currentUser(request), request.auth, withBalances.data(request)),
  );

  app.patch(
    '/api/users/updateUser',
    {
      onRequest: jsonOnly,
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Update name, phone, bio, country, photo and language (anything else is ignored)',
        body: updateUserSchema,
        response: { 200: userViewSchema },
      },
    },
    async (request) => {
      const updated = await updateProfile(app.deps, currentUser(request), request.body);
      return toUserView(app.deps.db, updated, request.auth);
    },
  );

  // -------------------------------------------------------------- new browser codes

  app.post(
    '/api/users/sendLoginCode/:email',
    {
      config: limits.ip('sendCode'),
      preHandler: limits.account('sendCode', paramEmail),
      schema: {
        tags: ['auth'],
        summary: 'Resend the access code for a sign-in from this browser that is waiting for one',
        params: emailParamSchema,
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => ({ message: await resendLoginCode(app.deps, request.params.email, authContext(request, reply)) }),
  );

  app.post(
    '/api/users/loginWithCode/:email',
    {
      onRequest: jsonOnly,
      config: limits.ip('loginWithCode'),
      preHandler: limits.account('loginWithCode', paramEmail),
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
        response: { 200: authOptionsSchema },
      },
    },
    async () => ({ googleClientId: app.deps.config.googleClientId ?? null }),
  );

  app.post(
    '/api/users/google/callback',
    {
      onRequest: jsonOnly,
      config: limits.ip('google'),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token (never linked silently to an existing password account)',
        body: googleCallbackSchema,
        response: { 200: userViewSchema, 401: loginRefusalSchema },
      },
    },
    async (request, reply) => {
      const identity = await verifyGoogleCredential(app.deps, request.body.credential);
      return answerLogin(app, request, reply, () =>
        signInWithGoogle(app.deps, identity, request.body.twoFactorCode, authContext(request, reply)),
      );
    },
  );

  passwordRoutes(app, limits);
  twoFactorRoutes(app, limits);
  deviceRoutes(app);
  await photoRoutes(app);
}
