import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  idParam,
  messageSchema,
  passkeyAuthenticationOptionsSchema,
  passkeyListSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginVerifySchema,
  passkeyNameSchema,
  passkeyReauthAnswerSchema,
  passkeyReauthRefusalSchema,
  passkeyReauthSchema,
  passkeyRegisterVerifySchema,
  passkeyRegistrationOptionsSchema,
  passkeyViewSchema,
  userViewSchema,
} from '@app/shared';
import { jsonOnly } from '../../../plugins/json-only';
import { currentUser, requireUser } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { auditActor } from '../../../services/platform/audit';
import { passkeyLoginOptions, signInWithPasskey } from '../../../services/auth/passkey-sign-in';
import { listPasskeys, reauthenticate, reauthOptions, removePasskey, renamePasskey } from '../../../services/auth/passkey-account';
import { ReauthRequiredError, registerPasskey, registrationOptions } from '../../../services/auth/passkeys';
import { authContext, signedIn } from './account';
import { scopedRateLimits, signedInJson, type Limit } from './rate-limits';
import { routeOptions } from '../../route-options';

const route = routeOptions('passkeys');

/** Per 15 minutes: per IP, and per account (the credential named, or the signed-in user). */
export const PASSKEY_RATE_LIMITS = {
  loginOptions: { ip: 100 },
  login: { ip: 50, account: 10 },
  register: { ip: 30, account: 10 },
  reauth: { ip: 30, account: 10 },
} as const satisfies Record<string, Limit>;

/** The session of a route guarded by requireUser. */
const sessionOf = (request: FastifyRequest) => request.auth!.session.id;

/** /api/users/passkeys: add, list, rename and remove passkeys; sign in with one; confirm it is you again (ADR 0017). */
export async function passkeysRoutes(app: App) {
  const limits = await scopedRateLimits(app, PASSKEY_RATE_LIMITS, { nameSpace: 'vaultline-passkeys-', keyPrefix: 'passkey-' });
  const namedCredential = (request: FastifyRequest) => (request.body as { response?: { id?: string } } | undefined)?.response?.id;

  // -------------------------------------------------------------- sign in

  app.post(
    '/api/users/passkeys/login/options',
    {
      onRequest: jsonOnly,
      config: limits.ip('loginOptions'),
      schema: route.schema(
        'Start a passkey sign-in: options for navigator.credentials.get() with a single-use challenge (5 minutes). With email (the two-factor step), only a passkey of that account is accepted',
        { body: passkeyLoginOptionsSchema, response: { 200: passkeyAuthenticationOptionsSchema } },
      ),
    },
    async (request) => passkeyLoginOptions(app.deps, request.body.email),
  );

  app.post(
    '/api/users/passkeys/login/verify',
    {
      onRequest: jsonOnly,
      config: limits.ip('login'),
      preHandler: limits.account('login', namedCredential),
      schema: route.schema(
        'Sign in with a passkey (no email, no new-browser code, no authenticator code): trusts this browser. Suspended accounts get 403',
        { body: passkeyLoginVerifySchema, response: { 200: userViewSchema } },
      ),
    },
    async (request, reply) => signedIn(app, request, reply, await signInWithPasskey(app.deps, request.body.response, authContext(request, reply))),
  );

  // -------------------------------------------------------------- add

  app.post(
    '/api/users/passkeys/register/options',
    {
      ...signedInJson(limits, 'register'),
      schema: route.schema(
        'Start adding a passkey: options for navigator.credentials.create() with a single-use challenge for this session',
        { response: { 200: passkeyRegistrationOptionsSchema } },
      ),
    },
    async (request) => registrationOptions(app.deps, currentUser(request), sessionOf(request)),
  );

  app.post(
    '/api/users/passkeys/register/verify',
    {
      ...signedInJson(limits, 'register'),
      schema: route.schema(
        'Finish adding a passkey with its name and the browser’s answer (emails the owner)',
        { body: passkeyRegisterVerifySchema, response: { 201: passkeyViewSchema } },
      ),
    },
    async (request, reply) =>
      reply.status(201).send(await registerPasskey(app.deps, auditActor(request), currentUser(request), sessionOf(request), request.body)),
  );

  // -------------------------------------------------------------- list, rename, remove

  app.get(
    '/api/users/passkeys',
    route.user(
      'This account’s passkeys, and until when this session may remove one without confirming again',
      { response: { 200: passkeyListSchema } },
    ),
    async (request) => listPasskeys(app.deps, currentUser(request), sessionOf(request)),
  );

  app.patch(
    '/api/users/passkeys/:id',
    {
      onRequest: jsonOnly,
      preHandler: requireUser,
      schema: route.schema('Rename a passkey', { params: idParam, body: passkeyNameSchema, response: { 200: passkeyViewSchema } }),
    },
    async (request) => renamePasskey(app.deps, auditActor(request), currentUser(request), request.params.id, request.body.name),
  );

  app.delete(
    '/api/users/passkeys/:id',
    route.user(
      `Remove a passkey. Needs recent authentication: 403 reauthRequired unless this session signed in or confirmed it is you (POST reauth) within the last minutes`,
      { params: idParam, response: { 200: messageSchema, 403: z.union([passkeyReauthRefusalSchema, messageSchema]) } },
    ),
    async (request, reply) => {
      try {
        await removePasskey(app.deps, auditActor(request), currentUser(request), sessionOf(request), request.params.id);
      } catch (error) {
        if (error instanceof ReauthRequiredError) return reply.status(403).send({ message: error.message, reauthRequired: true as const });
        throw error;
      }
      return { message: 'Passkey removed' };
    },
  );

  // -------------------------------------------------------------- confirm it is you again

  app.post(
    '/api/users/passkeys/reauth/options',
    {
      ...signedInJson(limits, 'reauth'),
      schema: route.schema(
        'Options to confirm it is you with one of this account’s passkeys (single-use challenge for this session)',
        { response: { 200: passkeyAuthenticationOptionsSchema } },
      ),
    },
    async (request) => reauthOptions(app.deps, currentUser(request), sessionOf(request)),
  );

  app.post(
    '/api/users/passkeys/reauth',
    {
      ...signedInJson(limits, 'reauth'),
      schema: route.schema(
        'Confirm it is you with the password or a passkey: the session counts as recently authenticated again',
        { body: passkeyReauthSchema, response: { 200: passkeyReauthAnswerSchema } },
      ),
    },
    async (request) => {
      const until = await reauthenticate(app.deps, auditActor(request), currentUser(request), sessionOf(request), request.body);
      return { message: 'Thank you: confirmed', recentAuthUntil: until.toISOString() };
    },
  );
}
