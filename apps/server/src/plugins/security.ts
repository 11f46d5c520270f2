import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forbidden } from '../lib/errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * The headers helmet sets with these options, worked out once: none of them depends on the
 * request, and setting them as reply headers costs a fraction of running helmet's middleware
 * (eleven raw setHeader calls, each validated) on every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every response, HSTS only over https, and refusal of cross-site
 * state-changing requests (the session cookie must not be usable from another site).
 */
export const securityPlugin = fp(async (app, options: { appUrl: string; extraScriptSources?: string[]; extraFrameSources?: string[] }) => {
  const appHost = originHost(options.appUrl);
  const securityHeaders = helmetHeaders({
    hsts: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...(options.extraScriptSources ?? [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        // Chart and chat embeds are operator settings that change at run time: any https frame may be embedded.
        'frame-src': ["'self'", 'blob:', 'https:', ...(options.extraFrameSources ?? [])],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
  });

  // Callback style: it never waits, and an async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders).header('x-request-id', request.id);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    const unsafe = UNSAFE_METHODS.has(request.method) || request.routeOptions.config.changesState === true;
    done(unsafe && isCrossSite(request, appHost) ? forbidden('Cross-site requests are not allowed') : undefined);
  });
});

/** A request sent from another site (Fetch Metadata, else its Origin). */
function isCrossSite(request: FastifyRequest, appHost: string | null): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  const host = originHost(origin);
  return host !== request.host && host !== appHost;
}
