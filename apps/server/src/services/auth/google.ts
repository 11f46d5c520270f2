import type { JWTVerifyGetKey } from 'jose';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../lib/errors';

export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const keySets = new Map<string, JWTVerifyGetKey>();

function keySet(createRemoteJWKSet: typeof import('jose').createRemoteJWKSet, url: string): JWTVerifyGetKey {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/**
 * Verifies a Google ID token: signature against Google's published keys (or the configured
 * JWKS), issuer, audience = our client id, expiry, and a verified email.
 */
export async function verifyGoogleCredential(deps: AppDeps, credential: string): Promise<GoogleIdentity> {
  const clientId = deps.config.googleClientId;
  if (!clientId) throw notFound('Google sign-in is not enabled');
  const jwksUrl = deps.config.googleJwksUrl ?? GOOGLE_JWKS_URL;
  // Loaded on the first Google sign-in, not at start.
  const { createRemoteJWKSet, errors: joseErrors, jwtVerify } = await import('jose');
  let payload;
  try {
    ({ payload } = await jwtVerify(credential, keySet(createRemoteJWKSet, jwksUrl), {
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
      currentDate: deps.now(),
      clockTolerance: 30,
      algorithms: ['RS256'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) {
      throw new AppError(503, 'Google sign-in is temporarily unavailable. Please try again.');
    }
    if (error instanceof joseErrors.JWTExpired) throw badRequest('Google sign-in expired. Please try again.');
    throw badRequest('Google sign-in could not be verified. Please try again.');
  }
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
  if (!payload.sub || !email) throw badRequest('Google did not share an email address for this account');
  if (payload.email_verified !== true && payload.email_verified !== 'true') {
    throw badRequest('Your Google email address is not verified');
  }
  const name = typeof payload.name === 'string' ? payload.name.slice(0, 100) : '';
  return { sub: payload.sub, email, name };
}
