import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/errors';
import { rateLimitRedis } from '../../../plugins/rate-limit-store';
import type { App } from '../../../plugins/types';

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

export type AuthLimitName = keyof typeof AUTH_RATE_LIMITS;

export function tooMany(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError(429, `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
}

/** The sign-in routes' limits: per IP (route config) and per account (a preHandler). */
export interface AuthLimits {
  /** Route config: the per-IP limit (checked before the body is read). */
  ip(name: AuthLimitName): { rateLimit: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string } };
  /** preHandler: the per-account limit, keyed by what the request names (email) or who is signed in. */
  account(name: AuthLimitName, keyOf: (request: FastifyRequest) => string | undefined): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export const bodyEmail = (request: FastifyRequest) => (request.body as { email?: string } | undefined)?.email;
export const paramEmail = (request: FastifyRequest) => (request.params as { email?: string } | undefined)?.email;
export const signedInUser = (request: FastifyRequest) => request.auth?.user.id;

/** Registers the rate-limit plugin for this scope (shared through Redis when REDIS_URL is set). */
export async function authRateLimits(app: App): Promise<AuthLimits> {
  const scale = app.deps.config.authRateLimitScale ?? 1;
  await app.register(rateLimit, {
    global: false,
    redis: await rateLimitRedis(app),
    nameSpace: 'vaultline-auth-',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooMany(context.ttl / 1000),
  });
  return {
    ip(name) {
      const limit: Limit = AUTH_RATE_LIMITS[name];
      return {
        rateLimit: {
          max: Math.ceil(limit.ip * scale),
          timeWindow: limit.windowMs ?? WINDOW_MS,
          keyGenerator: (request: FastifyRequest) => `ip:${name}:${request.ip}`,
        },
      };
    },
    account(name, keyOf) {
      const limit: Limit = AUTH_RATE_LIMITS[name];
      const check = app.createRateLimit({
        max: Math.ceil((limit.account ?? limit.ip) * scale),
        timeWindow: limit.windowMs ?? WINDOW_MS,
        keyGenerator: (request) => `acct:${name}:${keyOf(request) ?? ''}`,
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
