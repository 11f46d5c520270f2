import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
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
 * request, so helmet runs once, at start, on a response of its own, and every request gets
 * the result as reply headers. @fastify/helmet runs helmet on every request instead, building
 * its middleware anew each time: measured in ADR 0016.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => {});
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

interface SecurityOptions {
  appUrl: string;
  extraScriptSources?: string[];
  extraFrameSources?: string[];
}

/** helmet's options: its defaults less HSTS (set over https only) and COEP, and the app's CSP. */
export function helmetOptions(options: Omit<SecurityOptions, 'appUrl'>): HelmetOptions {
  return {
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
        // Chart and chat embeds are operator settings that change at run time: any https frame may be
        // embedded, but none of this site's own pages (a relative chart address would run with its origin).
        'frame-src': ['blob:', 'https:', ...(options.extraFrameSources ?? [])],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
  };
}

/**
 * The security headers of a JSON API answer (OWASP REST Security Cheat Sheet). No document is
 * ever made of one, so the page headers (COOP, Origin-Agent-Cluster, the legacy X- headers) do
 * nothing there; a policy that allows nothing covers one opened by hand. About 420 bytes fewer
 * on every API answer, for the server to write and the client to parse.
 */
const API_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The JSON API; its documentation at /api/docs is a page (scripts, styles) and gets the page headers. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Security headers on every response (pages and assets helmet's, API answers their own),
 * HSTS only over https, and refusal of cross-site state-changing requests (the session cookie
 * must not be usable from another site).
 */
export const securityPlugin = fp(async (app, options: SecurityOptions) => {
  const appHost = originHost(options.appUrl);
  const pageHeaders = helmetHeaders(helmetOptions(options));

  // Callback style: it never waits, and an async hook costs a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? API_SECURITY_HEADERS : pageHeaders).header('x-request-id', request.id);
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
