import type { FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import {
  composeEmailSchema,
  composedEmailAnswerSchema,
  exitImpersonationAnswerSchema,
  idParam,
  impersonationAnswerSchema,
  messageSchema,
  upgradeUserSchema,
  userListQuerySchema,
  userListResponseSchema,
} from '@app/shared';
import type { App } from '../../../plugins/types';
import { sendJsonText } from '../../../plugins/response-serializer';
import { rateLimitRedis } from '../../../plugins/rate-limit-store';
import { currentUser, requireStaff } from '../../../plugins/session';
import { auditActor } from '../../../services/platform/audit';
import { sendComposedEmail } from '../../../services/admin/email';
import { deleteUser, exitImpersonation, startImpersonation } from '../../../services/admin/users';
import { listUsers } from '../../../services/admin/user-list';
import { changeRole } from '../../../services/admin/roles';
import { SESSION_TTL_MS } from '../../../services/auth/sessions';
import { clearSessionCookie, isSecure, setSessionCookie } from '../../cookies';
import { unauthorized } from '../../../lib/errors';

/** Holds the staff member's own session token while they impersonate; sent only to the exit route. */
export const STAFF_SESSION_COOKIE = 'sid_staff';
export const EXIT_IMPERSONATION_PATH = '/api/users/exit-impersonation';

/** Composed emails per staff member in the window. */
export const COMPOSE_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

const staffCookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: isSecure(request),
  path: EXIT_IMPERSONATION_PATH,
});

/** SPEC §7 user management calls under /api/users (staff), and impersonation. */
export async function adminUsersRoutes(app: App) {
  if (!app.hasDecorator('rateLimit')) {
    // With REDIS_URL the allowance is shared by every instance; without, it is per process.
    await app.register(rateLimit, { global: false, redis: await rateLimitRedis(app), nameSpace: 'vaultline-admin-', skipOnError: true });
  }
  const tags = ['admin'];

  app.get(
    '/api/users/getUsers',
    {
      preHandler: requireStaff,
      schema: { tags, summary: 'Staff: list users (search by name or email, paging, counts)', querystring: userListQuerySchema, response: { 200: userListResponseSchema } },
    },
    async (request, reply) => sendJsonText(reply, await listUsers(app.deps.db, request.query)),
  );

  app.post(
    '/api/users/upgradeUser',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: "Staff: change a user role (emails the user; suspending ends their sessions); an admin's demotion by another admin is recorded for a third admin (202)",
        body: upgradeUserSchema,
        response: { 200: messageSchema, 202: messageSchema },
      },
    },
    async (request, reply) => {
      const { recorded, answer } = await changeRole(app.deps, auditActor(request), currentUser(request), request.body);
      return reply.status(recorded ? 202 : 200).send(answer);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      preHandler: requireStaff,
      schema: { tags, summary: 'Staff: delete a user without money on the account (personal data removed, ledger kept)', params: idParam, response: { 200: messageSchema } },
    },
    async (request) => deleteUser(app.deps, auditActor(request), currentUser(request), request.params.id),
  );

  app.post(
    '/api/users/impersonate/:id',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: view the product as a user (read-only session; the cookie switches)',
        params: idParam,
        response: { 200: impersonationAnswerSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth || !request.sessionToken) throw unauthorized();
      const result = await startImpersonation(app.deps, auditActor(request), auth, request.params.id, {
        ip: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
        deviceId: auth.session.deviceId,
      });
      reply.setCookie(STAFF_SESSION_COOKIE, request.sessionToken, { ...staffCookieOptions(request), maxAge: Math.floor(SESSION_TTL_MS / 1000) });
      setSessionCookie(request, reply, result.token);
      return { message: result.message, name: result.name };
    },
  );

  app.post(
    EXIT_IMPERSONATION_PATH,
    {
      config: { allowWhileImpersonating: true },
      schema: { tags, summary: "End impersonation and return to the staff member's own session", response: { 200: exitImpersonationAnswerSchema } },
    },
    async (request, reply) => {
      const staffToken = request.cookies[STAFF_SESSION_COOKIE] ?? null;
      // The held token is used once, whatever the outcome.
      reply.clearCookie(STAFF_SESSION_COOKIE, staffCookieOptions(request));
      const result = await exitImpersonation(app.deps, request.auth, request.sessionToken, staffToken, request.ip ?? null);
      if (result.restoredToken) setSessionCookie(request, reply, result.restoredToken);
      else clearSessionCookie(request, reply);
      return { message: result.message, restored: Boolean(result.restoredToken) };
    },
  );

  app.post(
    '/api/users/sendComposedEmail',
    {
      preHandler: requireStaff,
      config: {
        rateLimit: {
          ...COMPOSE_RATE_LIMIT,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `compose:${request.auth?.user.id ?? request.ip}`,
          errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `Too many emails. Please try again in ${context.after}.` }),
        },
      },
      schema: { tags, summary: 'Staff: send an email through the outbox (rate-limited, audited)', body: composeEmailSchema, response: { 200: composedEmailAnswerSchema } },
    },
    async (request) => sendComposedEmail(app.deps, auditActor(request), request.body),
  );
}
