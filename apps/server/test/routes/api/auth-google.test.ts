import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { Browser, registerIn, uniqueEmail } from '../../helpers/auth-browser';
import { users } from '../../../src/db/schema';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let t: TestApp;
let server: Server;
let privateKey: SigningKey;
let otherKey: SigningKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  t = await buildTestApp({
    config: { googleClientId: CLIENT_ID, googleJwksUrl: `http://127.0.0.1:${port}/certs`, authRateLimitScale: 1000 },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

interface Claims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  iss?: string;
  aud?: string;
  exp?: number;
}

async function idToken(claims: Claims = {}, key: SigningKey = privateKey) {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const { iss = 'https://accounts.google.com', aud = CLIENT_ID, exp = now + 3600, ...rest } = claims;
  return new SignJWT({ email: uniqueEmail('g'), email_verified: true, name: 'Grace Hopper', sub: `sub-${Math.random()}`, ...rest })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(key);
}

describe('POST /api/users/google/callback', () => {
  it('publishes the client id and lets the page load Google\'s script and button frame', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/auth-options' });
    expect(response.json()).toEqual({ googleClientId: CLIENT_ID });
    // The page's policy (this test app serves no built web app: any page address answers with it).
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain('https://accounts.google.com/gsi/client');
    expect(page.headers['content-security-policy']).toMatch(/frame-src[^;]*https:\/\/accounts\.google\.com/);
  });

  it('creates a verified account for a new Google identity and signs in; the same identity signs in again', async () => {
    const email = uniqueEmail('g');
    const browser = new Browser(t);
    const response = await browser.post('/api/users/google/callback', { credential: await idToken({ email, sub: 'google-1' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, name: 'Grace Hopper', isVerified: true, role: 'subscriber' });
    expect(browser.sid).toBeDefined();
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.googleSub).toBe('google-1');
    expect(row!.passwordHash).toBeNull();
    const again = await new Browser(t).post('/api/users/google/callback', { credential: await idToken({ email, sub: 'google-1' }) });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(row!.id);
  });

  it('never links silently to an existing password account with the same email', async () => {
    const { body } = await registerIn(new Browser(t));
    const response = await new Browser(t).post('/api/users/google/callback', { credential: await idToken({ email: body.email }) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already exists/);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.googleSub).toBeNull();
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else' }],
    ['a wrong issuer', { iss: 'https://evil.example' }],
    ['an unverified email', { email_verified: false }],
  ])('refuses %s', async (_label, claims) => {
    const response = await new Browser(t).post('/api/users/google/callback', { credential: await idToken(claims as Claims) });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an expired token and one signed by another key', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const expired = await new Browser(t).post('/api/users/google/callback', { credential: await idToken({ exp: now - 3600 }) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
    const forged = await new Browser(t).post('/api/users/google/callback', { credential: await idToken({}, otherKey) });
    expect(forged.statusCode).toBe(400);
    const junk = await new Browser(t).post('/api/users/google/callback', { credential: 'not-a-jwt' });
    expect(junk.statusCode).toBe(400);
    const missing = await new Browser(t).post('/api/users/google/callback', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Google credential is required');
  });

  it('refuses a suspended Google account', async () => {
    const email = uniqueEmail('g');
    await new Browser(t).post('/api/users/google/callback', { credential: await idToken({ email, sub: 'google-susp' }) });
    await t.database.db.update(users).set({ role: 'suspended' }).where(eq(users.email, email));
    const response = await new Browser(t).post('/api/users/google/callback', { credential: await idToken({ email, sub: 'google-susp' }) });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('suspended');
  });
});
