import fp from 'fastify-plugin';
import helmet from 'helmet';
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
 * Security headers on every response, HSTS only over https, and refusal of cross-site
 * state-changing requests (the session cookie must not be usable from another site).
 */
export const securityPlugin = fp(async (app, options: { appUrl: string; extraScriptSources?: string[]; extraFrameSources?: string[] }) => {
  const appHost = originHost(options.appUrl);
  // Built once: @fastify/helmet rebuilds the middleware (and re-parses the CSP) on every request.
  const setSecurityHeaders = helmet({
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

  app.addHook('onRequest', async (request, reply) => {
    setSecurityHeaders(request.raw, reply.raw, () => {});
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site requests are not allowed');
    const origin = request.headers.origin;
    if (origin) {
      const host = originHost(origin);
      if (host !== request.host && host !== appHost) throw forbidden('Cross-site requests are not allowed');
    }
  });
});
