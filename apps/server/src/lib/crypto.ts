import { createHmac, hash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token with `bytes` of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens (sessions, email links, codes) are stored only as this hash (on every signed-in request: the one-shot form). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A key for one purpose, derived from SECRET_KEY, so one secret serves every need. */
export function deriveKey(secretKey: string, purpose: string, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'vaultline', purpose, length));
}

export function hmac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
