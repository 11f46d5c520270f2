import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/errors';
import { jsonOnly } from '../../../plugins/json-only';
import { rateLimitRedis } from '../../../plugins/rate-limit-store';
import { requireUser } from '../../../plugins/session';
import type { App } from '../../../plugins/types';

const WINDOW_MS = 15 * 60 * 1000;

export interface Limit {
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

export type AuthLimitName = keyof typeof AUTH_RATE_LIMITS;

export function tooMany(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(429, `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
}

/** A scope's limits: per IP (route config) and per account (a preHandler). */
export interface RateLimits<Name extends string> {
  /** Route config: the per-IP limit (checked before the body is read). */
  ip(name: Name): { rateLimit: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string } };
  /** preHandler: the per-account limit, keyed by what the request names (email) or who is signed in. */
  account(name: Name, keyOf: (request: FastifyRequest) => string | undefined): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** The sign-in routes' limits. */
export type AuthLimits = RateLimits<AuthLimitName>;

export const bodyEmail = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
export const paramEmail = (request: FastifyRequest) => (request.params as { email?: string } | undefined)?.email;
export const signedInUser = (request: FastifyRequest) => request.auth?.user.id;

/** Route options of a JSON route for the signed-in user, limited per IP and per account under `name`. */
export const signedInJson = <Name extends string>(limits: RateLimits<Name>, name: Name) => ({
  onRequest: jsonOnly,
  preHandler: [requireUser, limits.account(name, signedInUser)],
  config: limits.ip(name),
});

/**
 * Registers the rate-limit plugin for this scope (shared through Redis when REDIS_URL is set)
 * with its table of limits; counters are stored under `nameSpace`, keyed by `keyPrefix` + the
 * limit's name.
 */
export async function scopedRateLimits<Name extends string>(
  app: App,
  limits: Record<Name, Limit>,
  store: { nameSpace: string; keyPrefix?: string },
): Promise<RateLimits<Name>> {
  const scale = app.deps.config.authRateLimitScale ?? 1;
  const prefix = store.keyPrefix ?? '';
  await app.register(rateLimit, {
    global: false,
    redis: await rateLimitRedis(app),
    nameSpace: store.nameSpace,
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl / 1000),
  });
  return {
    ip(name) {
      const limit = limits[name];
      return {
        rateLimit: {
          max: Math.ceil(limit.ip * scale),
          timeWindow: limit.windowMs ?? WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `ip:${prefix}${name}:${request.ip}`,
        },
      };
    },
    account(name, keyOf) {
      const limit = limits[name];
      const check = app.createRateLimit({
        max: Math.ceil((limit.account ?? limit.ip) * scale),
        timeWindow: limit.windowMs ?? WINDOW_MS,
        keyGenerator: (request) => `acct:${prefix}${name}:${keyOf(request) ?? ''}`,
      });
      return async (request, reply) => {
        if (!keyOf(request)) return;
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw tooMany(result.ttlInSeconds);
        }
      };
    },
  };
}

/** The sign-in routes' limits (AUTH_RATE_LIMITS). */
export const authRateLimits = (app: App): Promise<AuthLimits> => scopedRateLimits(app, AUTH_RATE_LIMITS, { nameSpace: 'vaultline-auth-' });
