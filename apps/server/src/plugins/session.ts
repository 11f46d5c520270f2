import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isStaff } from '@app/shared';
import { forbidden, unauthorized } from '../lib/errors';
import { sessionUsedPasskey } from '../services/auth/passkeys';
import type { AppDeps } from '../deps';
import { findSession, SESSION_COOKIE, type ActiveSession } from '../services/auth/sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

/** A signed-in answer is one person's; impersonation is read-only. Run once the session is known. */
function afterSessionResolved(request: FastifyRequest, reply: FastifyReply): void {
  // A signed-in answer is one person's: no shared cache may keep it or give it to another.
  if (request.auth) reply.header('cache-control', 'no-store').header('vary', 'Cookie, Authorization');
  if (
    request.auth?.session.impersonatorId &&
    !SAFE_METHODS.has(request.method) &&
    !request.routeOptions.config.allowWhileImpersonating
  ) {
    throw forbidden('Impersonation is read-only: exit impersonation to make changes');
  }
}

/** Finds the session of a token together with more of its user's data, in one round trip. */
export type SessionWithData<T> = (deps: AppDeps, token: string) => Promise<{ auth: ActiveSession; data: T } | null>;

/** A route's own session read (see `sessionWith`), in place of the plain one. */
const ROUTE_SESSION_READS = new WeakSet<object>();

/**
 * Reads the request's session through `find` (the plain read, or a route's read with more data),
 * records it and the token on the request, and answers what `find` found.
 */
async function resolveSession<Found extends { auth: ActiveSession }>(
  request: FastifyRequest,
  reply: FastifyReply,
  find: (deps: AppDeps, token: string) => Promise<Found | null>,
): Promise<Found | null> {
  const token = tokenFrom(request);
  request.sessionToken = token;
  const found = token ? await find(request.server.deps, token) : null;
  request.auth = found?.auth ?? null;
  afterSessionResolved(request, reply);
  return found;
}

async function plainSession(deps: AppDeps, token: string): Promise<{ auth: ActiveSession } | null> {
  const auth = await findSession(deps.db, token);
  return auth && { auth };
}

/** preValidation of every API route without a read of its own: the session alone. */
async function readSession(request: FastifyRequest, reply: FastifyReply) {
  await resolveSession(request, reply, plainSession);
}

/**
 * preValidation for a route that shows more of the user's data than the session holds (their
 * balances, the dashboard): `find` reads the session and that data in one statement, in place
 * of the plain session read; the handler takes the data with `data(request)`.
 */
export function sessionWith<T>(find: SessionWithData<T>) {
  const found = new WeakMap<FastifyRequest, T>();
  async function readSessionWithData(request: FastifyRequest, reply: FastifyReply) {
    const answer = await resolveSession(request, reply, find);
    if (answer) found.set(request, answer.data);
  }
  ROUTE_SESSION_READS.add(readSessionWithData);
  return {
    hook: readSessionWithData,
    /** What the read brought with the session (behind requireUser, so the session exists). */
    data(request: FastifyRequest): T {
      if (!found.has(request)) throw unauthorized();
      return found.get(request)!;
    },
  };
}

/**
 * Resolves the session (cookie or Bearer token) on every API request, and keeps
 * impersonation read-only: a staff member viewing as a user changes nothing.
 */
export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionToken', null);
  // Each API route gets its session read as its first preValidation hook: the plain read, or
  // the route's own read of the session with more data. Guards run before body validation, so
  // nobody learns anything (not even a validation message) from a route they may not call:
  // requireUser/Staff/Admin given as preHandler are moved to preValidation, after the read.
  app.addHook('onRoute', (route) => {
    const validation = [route.preValidation ?? []].flat();
    const ownReads = validation.filter((hook) => ROUTE_SESSION_READS.has(hook));
    const reads = ownReads.length > 0 ? ownReads : route.url.startsWith('/api/') ? [readSession] : [];
    const handlers = [route.preHandler ?? []].flat();
    const guards = handlers.filter((handler) => GUARDS.has(handler as never));
    if (guards.length === 0 && reads.length === 0) return;
    route.preHandler = handlers.filter((handler) => !GUARDS.has(handler as never));
    route.preValidation = [...reads, ...guards, ...validation.filter((hook) => !ROUTE_SESSION_READS.has(hook))] as typeof route.preValidation;
  });
});

/**
 * preHandler: a signed-in user. Registered after the session hook, so auth is resolved.
 * Callback style: it never waits, and an async hook costs a promise and a microtask turn.
 */
export function requireUser(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  done(request.auth ? undefined : unauthorized());
}

/** preHandler: an author or admin. */
export async function requireStaff(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw unauthorized();
  if (!isStaff(request.auth.user.role)) throw forbidden('Not authorized: staff only');
  await requireStaffSecondFactor(request);
}

/**
 * The requireStaffTwoFactor setting (read with the session): staff use the back office only
 * with two-factor on, or in a session that used a passkey (signed in with one, added one, or
 * confirmed with one).
 */
async function requireStaffSecondFactor(request: FastifyRequest): Promise<void> {
  const auth = request.auth!;
  if (!auth.requireStaffTwoFactor) return;
  if (!auth.twoFactorEnabled && !(await sessionUsedPasskey(request.server.deps.db, auth.session.id))) {
    throw forbidden(
      'Two-factor authentication is required for staff accounts. Set it up in your profile (Security tab), or sign in with a passkey.',
    );
  }
}

/** preHandler: an admin. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw unauthorized();
  if (request.auth.user.role !== 'admin') throw forbidden('Not authorized: admins only');
  await requireStaffSecondFactor(request);
}

/** The signed-in user of a route guarded by requireUser/requireStaff/requireAdmin. */
export function currentUser(request: FastifyRequest) {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

const GUARDS = new Set<unknown>([requireUser, requireStaff, requireAdmin]);
