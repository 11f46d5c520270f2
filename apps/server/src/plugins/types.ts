import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { AppDeps } from '../deps';
import type { ActiveSession } from '../services/auth/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** The signed-in user and session, or null. */
    auth: ActiveSession | null;
    /** The raw session token (cookie or bearer), for handlers that rotate or end it. */
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** State-changing routes a staff member may call while impersonating (exit). */
    allowWhileImpersonating?: boolean;
    /** A GET that changes state (the spec's logout): refused cross-site like POST, PUT, PATCH and DELETE. */
    changesState?: boolean;
  }
}

/** The app instance type that route modules receive. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
