import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../lib/crypto';
import { DEVICE_COOKIE, SESSION_COOKIE, SESSION_TTL_MS } from '../services/auth/sessions';

const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** Cookies are Secure whenever the request came over https (behind a proxy: with TRUST_PROXY). */
export function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The session cookie: httpOnly, SameSite=Lax, for as long as the session lives. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: isSecure(request), path: '/' });
}

/** The browser's long-lived device id; set when missing so the new-browser check has something to recognise. */
export function ensureDeviceCookie(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[DEVICE_COOKIE];
  if (existing && /^[\w-]{20,64}$/.test(existing)) return existing;
  const deviceId = randomToken(24);
  reply.setCookie(DEVICE_COOKIE, deviceId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return deviceId;
}
