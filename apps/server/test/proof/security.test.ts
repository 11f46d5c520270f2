/**
 * Security proof (issue 9): session cookie flags, CSRF refusal of cross-site unsafe requests
 * on every unsafe route of the OpenAPI document, security headers on pages and API, no
 * secrets in responses or in the log stream, and no user enumeration through login or
 * forgot-password answers and timing.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import * as OTPAuth from 'otpauth';
import { buildApp, loggerOptions } from '../../src/app';
import { authTokens, loginCodes, users } from '../../src/db/schema';
import { buildTestApp, openTestDatabase, testClock, testConfig, TEST_PASSWORD, type TestApp } from '../helpers/build-test-app';
import { Browser, lastEmail, linkTokenFor, loginCodeFor, nextIp, registerIn, registration, uniqueEmail, STRONG_PASSWORD } from '../helpers/auth-browser';
import { operationsOf } from './fuzz-lib';

const EVIL = 'https://evil.example';

function cookieNamed(response: { cookies: unknown }, name: string) {
  return (response.cookies as Array<{ name: string; value: string; httpOnly?: boolean; sameSite?: string; secure?: boolean; path?: string }>).find(
    (cookie) => cookie.name === name,
  );
}

describe('session cookie, CSRF and security headers', () => {
  let t: TestApp;
  let secureT: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-proof-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>');
    writeFileSync(path.join(webDir, 'assets/app.js'), 'console.log(1)');
    t = await buildTestApp({ config: { authRateLimitScale: 1000, webDistDir: webDir } });
    secureT = await buildTestApp({ config: { authRateLimitScale: 1000, trustProxy: 1, appUrl: 'https://vaultline.example' } });
  });
  afterAll(async () => {
    await t?.close();
    await secureT?.close();
  });

  it('sets sid httpOnly, SameSite=Lax, Path=/, not Secure over http; the device cookie alike', async () => {
    const browser = new Browser(t);
    const response = await browser.post('/api/users/register', registration());
    expect(response.statusCode).toBe(201);
    const sid = cookieNamed(response, 'sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.secure).toBeFalsy();
    expect(cookieNamed(response, 'did')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(JSON.stringify(response.json())).not.toContain(sid.value);
  });

  it('marks the cookies Secure and sends HSTS over https behind a trusted proxy', async () => {
    const response = await secureT.app.inject({
      method: 'POST',
      url: '/api/users/register',
      remoteAddress: nextIp(),
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'vaultline.example' },
      payload: registration(),
    });
    expect(response.statusCode).toBe(201);
    expect(cookieNamed(response, 'sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
    expect(cookieNamed(response, 'did')).toMatchObject({ secure: true });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const plain = await secureT.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses every unsafe route of the API with 403 when the request comes from another site, and changes nothing', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as Parameters<typeof operationsOf>[0];
    const unsafe = operationsOf(doc).filter((operation) => operation.method !== 'GET');
    expect(unsafe.length).toBeGreaterThan(30);
    const count = async () =>
      (await t.database.db.execute(sql`select (select count(*) from users) + (select count(*) from ledger_journals) + (select count(*) from audit_log) + (select count(*) from payments) as n`)) as unknown as {
        rows: Array<{ n: string }>;
      };
    const before = (await count()).rows[0]!.n;
    for (const operation of unsafe) {
      const url = operation.path.replace(/\{[^}]+\}/g, admin.user.id);
      for (const headers of [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }, { origin: 'http://localhost:3000.evil.example' }]) {
        const response = await t.app.inject({
          method: operation.method as 'POST',
          url,
          remoteAddress: nextIp(),
          cookies: { sid: admin.token },
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(response.statusCode, `${operation.method} ${operation.path} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json().message).toBe('Cross-site requests are not allowed');
      }
    }
    expect((await count()).rows[0]!.n).toBe(before);
    // Same-site requests still work.
    const same = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/updateUser',
      cookies: { sid: admin.token },
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { name: 'Same Site' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('sends the page security headers on pages, assets and the API documentation', async () => {
    const responses = {
      page: await t.app.inject({ url: '/my-account' }),
      asset: await t.app.inject({ url: '/assets/app.js' }),
      apiDocs: await t.app.inject({ url: '/api/docs' }),
    };
    expect(responses.page.statusCode).toBe(200);
    expect(responses.page.headers['content-type']).toMatch(/text\/html/);
    expect(responses.apiDocs.statusCode).toBe(200);
    expect(responses.apiDocs.headers['content-type']).toMatch(/text\/html/);
    for (const [name, response] of Object.entries(responses)) {
      const headers = response.headers;
      expect(headers['content-security-policy'], name).toMatch(/default-src 'self'/);
      expect(headers['content-security-policy'], name).toMatch(/frame-ancestors 'none'/);
      expect(headers['content-security-policy'], name).toMatch(/object-src 'none'/);
      expect(headers['content-security-policy'], name).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(headers['x-content-type-options'], name).toBe('nosniff');
      expect(headers['x-frame-options'], name).toBe('SAMEORIGIN');
      expect(headers['referrer-policy'], name).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy'], name).toBe('same-origin');
      expect(headers['x-powered-by'], name).toBeUndefined();
      expect(headers['x-request-id'], name).toBeTruthy();
    }
  });

  it('sends API answers and errors the API security headers, without the page-only ones', async () => {
    const responses = {
      api: await t.app.inject({ url: '/api/countries' }),
      apiError: await t.app.inject({ url: '/api/users/getUser' }),
      notFound: await t.app.inject({ url: '/api/nothing-here' }),
      refused: await t.app.inject({ method: 'POST', url: '/api/users/login', headers: { origin: EVIL }, payload: {} }),
    };
    expect(responses.api.statusCode).toBe(200);
    expect(responses.apiError.statusCode).toBe(401);
    expect(responses.notFound.statusCode).toBe(404);
    expect(responses.refused.statusCode).toBe(403);
    for (const [name, response] of Object.entries(responses)) {
      const headers = response.headers;
      // Nothing may load in, or frame, an API answer opened as a document.
      expect(headers['content-security-policy'], name).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-frame-options'], name).toBe('DENY');
      expect(headers['x-content-type-options'], name).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], name).toBe('same-origin');
      expect(headers['referrer-policy'], name).toBe('no-referrer');
      expect(headers['x-request-id'], name).toBeTruthy();
      expect(headers['x-powered-by'], name).toBeUndefined();
      for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
        expect(headers[pageOnly], `${name} ${pageOnly}`).toBeUndefined();
      }
    }
  });
});

describe('no secrets in responses or logs', () => {
  const lines: string[] = [];
  const responses: Array<{ url: string; body: string; headers: string }> = [];
  let t: TestApp;

  beforeAll(async () => {
    const database = await openTestDatabase();
    const clock = testClock();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    // The production logger configuration (redaction included), at the most verbose level.
    const app = await buildApp({
      config: testConfig({ authRateLimitScale: 1000 }),
      database,
      now: clock.now,
      logger: { ...(loggerOptions('trace') as object), stream },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      responses.push({ url: request.url, body: typeof payload === 'string' ? payload : '', headers: JSON.stringify(reply.getHeaders()) });
      return payload;
    });
    await app.ready();
    t = {
      app,
      database,
      clock,
      createUser: () => Promise.reject(new Error('unused')),
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never logs or answers password hashes, session tokens, email codes, reset/verify tokens or TOTP secrets', async () => {
    const secrets = new Map<string, string>();
    // Register, verify the email, sign out, sign in from a new browser with the emailed code.
    const first = new Browser(t);
    const { body } = await registerIn(first);
    secrets.set('session token (register)', first.sid!);
    secrets.set('password', body.password);
    const verifyToken = await linkTokenFor(t, body.email, 'verification');
    secrets.set('verify token', verifyToken);
    expect((await first.patch(`/api/users/verifyUser/${verifyToken}`)).statusCode).toBe(200);
    expect((await first.get('/api/users/logout')).statusCode).toBe(200);

    const second = new Browser(t);
    const refused = await second.post('/api/users/login', { email: body.email, password: body.password });
    expect(refused.json().message).toMatch(/New browser/);
    const code = await loginCodeFor(t, body.email);
    secrets.set('login code', code);
    expect((await second.post(`/api/users/loginWithCode/${encodeURIComponent(body.email)}`, { loginCode: code })).statusCode).toBe(200);
    secrets.set('session token (code)', second.sid!);

    // Two-factor: the secret is shown once to its owner (set-up answer), never again.
    const setup = await second.post('/api/users/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().secret as string;
    const setupResponses = responses.length;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 10);
    const enable = await second.post('/api/users/2fa/enable', { code: totp.generate({ timestamp: t.clock.now().getTime() }) });
    expect(enable.statusCode).toBe(200);
    const recovery = enable.json().recoveryCodes as string[];
    const recoveryResponses = responses.length;

    // Forgot and reset the password.
    expect((await new Browser(t).post('/api/users/forgotPassword', { email: body.email })).statusCode).toBe(200);
    const resetToken = await linkTokenFor(t, body.email, 'password-reset');
    secrets.set('reset token', resetToken);
    const newPassword = `${STRONG_PASSWORD}x9`;
    secrets.set('new password', newPassword);
    expect((await new Browser(t).patch(`/api/users/resetPassword/${resetToken}`, { password: newPassword })).statusCode).toBe(200);

    // A failed login with a wrong password and a wrong change-password attempt get logged as requests.
    await new Browser(t).post('/api/users/login', { email: body.email, password: 'Wrong-pass1!' });

    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    secrets.set('password hash', row!.passwordHash!);
    for (const token of await t.database.db.select().from(authTokens).where(eq(authTokens.userId, row!.id))) {
      secrets.set(`stored token hash ${token.kind}`, token.tokenHash);
    }
    for (const stored of await t.database.db.select().from(loginCodes).where(eq(loginCodes.userId, row!.id))) secrets.set(`code hash ${stored.id}`, stored.codeHash);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    for (const [what, value] of secrets) {
      expect(log.includes(value), `${what} appears in the log`).toBe(false);
    }
    expect(log.includes(secret), 'TOTP secret appears in the log').toBe(false);
    for (const code of recovery) expect(log.includes(code), 'a recovery code appears in the log').toBe(false);
    expect(log).not.toMatch(/\$argon2/);

    responses.forEach((response, index) => {
      const text = response.body;
      expect(text, response.url).not.toMatch(/\$argon2|password_?hash|secret_?enc|code_?hash|token_?hash/i);
      for (const [what, value] of secrets) {
        if (what.startsWith('session token')) continue; // set in the Set-Cookie header of its own sign-in, by design
        expect(text.includes(value), `${what} in the answer to ${response.url}`).toBe(false);
        if (!what.startsWith('session token')) expect(response.headers.includes(value), `${what} in the headers of ${response.url}`).toBe(false);
      }
      for (const what of ['session token (register)', 'session token (code)']) {
        expect(text.includes(secrets.get(what)!), `${what} in the body of ${response.url}`).toBe(false);
      }
      if (index !== setupResponses - 1) expect(text.includes(secret), `TOTP secret in the answer to ${response.url}`).toBe(false);
      if (index !== recoveryResponses - 1) for (const code of recovery) expect(text.includes(code), `recovery code in ${response.url}`).toBe(false);
    });
  });

  it('keeps the parameters of a failed query (a password hash, say) out of the log', async () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const failure = new DrizzleQueryError('update "users" set "password_hash" = $1 where "id" = $2', [hash, 'user-1'], new Error('connection lost'));
    const from = lines.length;
    t.app.log.error({ err: failure }, 'unhandled error');
    t.app.log.warn({ err: new Error('wrapped', { cause: failure }) }, 'database unavailable');
    const written = lines.slice(from).join('');
    expect(written).toContain('Failed query: update');
    expect(written).not.toContain(hash);
    expect(written).not.toContain('argon2');
  });
});

describe('no user enumeration through login or forgot-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authRateLimitScale: 1000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  async function timed(run: () => Promise<{ statusCode: number; body: string }>) {
    const started = performance.now();
    const response = await run();
    return { ms: performance.now() - started, status: response.statusCode, body: response.body };
  }

  /** Interleaved tries of both cases; answers must be identical and median times within the tolerance. */
  async function compare(known: () => Promise<{ statusCode: number; body: string }>, unknown: () => Promise<{ statusCode: number; body: string }>, tries = 11) {
    await known();
    await unknown();
    const a: number[] = [];
    const b: number[] = [];
    const answers = new Set<string>();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < tries; i += 1) {
      // Each request timed on its own (work queued after an answer settles first), in alternating order.
      await settle();
      const first = await timed(i % 2 ? known : unknown);
      await settle();
      const second = await timed(i % 2 ? unknown : known);
      if (i % 2 === 0) [first.ms, second.ms] = [second.ms, first.ms];
      a.push(first.ms);
      b.push(second.ms);
      answers.add(`${first.status} ${first.body}`);
      answers.add(`${second.status} ${second.body}`);
    }
    const [knownMs, unknownMs] = [median(a), median(b)];
    console.log(`enumeration timing: known ${knownMs.toFixed(1)} ms, unknown ${unknownMs.toFixed(1)} ms (medians of ${tries})`);
    return { answers: [...answers], knownMs, unknownMs };
  }

  /** Within a factor of 2, or 25 ms, whichever is larger: far below an argon2 hash (the give-away). */
  function expectClose(x: number, y: number) {
    const tolerance = Math.max(25, Math.max(x, y) * 0.5);
    expect(Math.abs(x - y), `${x.toFixed(1)} ms vs ${y.toFixed(1)} ms`).toBeLessThanOrEqual(tolerance);
  }

  it('login: a wrong password and an unknown email get the same answer in about the same time', async () => {
    const known = await t.createUser();
    const result = await compare(
      () => new Browser(t).post('/api/users/login', { email: known.user.email, password: 'Wrong-pass1!' }),
      () => new Browser(t).post('/api/users/login', { email: uniqueEmail('ghost'), password: 'Wrong-pass1!' }),
    );
    expect(result.answers).toHaveLength(1);
    expect(result.answers[0]).toMatch(/^401 /);
    expectClose(result.knownMs, result.unknownMs);
  });

  it('login: a suspended or deleted account is not told apart from an unknown one by timing', async () => {
    const deleted = await t.createUser();
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
    const result = await compare(
      () => new Browser(t).post('/api/users/login', { email: deleted.user.email, password: TEST_PASSWORD }),
      () => new Browser(t).post('/api/users/login', { email: uniqueEmail('ghost'), password: TEST_PASSWORD }),
    );
    expect(result.answers).toHaveLength(1);
    expectClose(result.knownMs, result.unknownMs);
  });

  it('forgot password: the same answer in about the same time whether or not the account exists', async () => {
    const known = await t.createUser();
    const result = await compare(
      () => new Browser(t).post('/api/users/forgotPassword', { email: known.user.email }),
      () => new Browser(t).post('/api/users/forgotPassword', { email: uniqueEmail('ghost') }),
    );
    expect(result.answers).toHaveLength(1);
    expect(result.answers[0]).toMatch(/^200 /);
    expectClose(result.knownMs, result.unknownMs);
    await lastEmail(t, known.user.email, 'password-reset');
  });

  it('send login code: the same answer for a known and an unknown email', async () => {
    const known = await t.createUser();
    const a = await new Browser(t).post(`/api/users/sendLoginCode/${encodeURIComponent(known.user.email)}`);
    const b = await new Browser(t).post(`/api/users/sendLoginCode/${encodeURIComponent(uniqueEmail('ghost'))}`);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
  });

  it('register: the SPEC requires "Email has already been registered", so probing is bounded by the per-IP limit (10 an hour)', async () => {
    const strict = await buildTestApp({ config: { authRateLimitScale: 1 } });
    try {
      const known = await strict.createUser();
      const ip = nextIp();
      const codes: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const response = await strict.app.inject({ method: 'POST', url: '/api/users/register', remoteAddress: ip, payload: registration({ email: i % 2 ? known.user.email : uniqueEmail() }) });
        codes.push(response.statusCode);
      }
      expect(codes.slice(0, 10).every((code) => code !== 429)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
    } finally {
      await strict.close();
    }
  });
});
