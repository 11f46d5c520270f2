import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../helpers/build-test-app';
import {
  Browser,

  emailsTo,
  lastEmail,
  linkTokenFor,
  loginCodeFor,
  registerIn,
  registration,
  uniqueEmail,
} from '../../helpers/auth-browser';
import { authTokens, loginCodes, sessions, users } from '../../../src/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { authRateLimitScale: 1000 } });
});
afterAll(async () => {
  await t.close();
});

const FORBIDDEN_KEYS = ['passwordHash', 'password', 'token', 'googleSub', 'secret', 'totp', 'deletedAt', 'referredById'];

function expectNoSecrets(body: Record<string, unknown>) {
  for (const key of FORBIDDEN_KEYS) expect(body).not.toHaveProperty(key);
  expect(JSON.stringify(body)).not.toMatch(/argon2/);
}

describe('POST /api/users/register', () => {
  it('creates the account, signs in with an httpOnly SameSite=Lax cookie and emails a verification link', async () => {
    const browser = new Browser(t);
    const body = registration();
    const response = await browser.post('/api/users/register', body);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      email: body.email,
      phone: '+14155550123',
      country: 'United Kingdom',
      role: 'subscriber',
      isVerified: false,
      kycStatus: 'Not Submitted',
      balance: '0.00',
      availableBalance: '0.00',
      investmentBalance: '0.00',
      totalMaturityAmount: '0.00',
      fees: '0.00',
      hasFees: false,
      isImpersonated: false,
      twoFactorEnabled: false,
    });
    expect(typeof user._id).toBe('string');
    expect(user.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    expectNoSecrets(user);

    const sid = response.cookies.find((cookie) => cookie.name === 'sid')!;
    expect(sid.httpOnly).toBe(true);
    expect(sid.sameSite).toBe('Lax');
    expect(sid.secure).toBeFalsy();
    const did = response.cookies.find((cookie) => cookie.name === 'did')!;
    expect(did.httpOnly).toBe(true);

    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const verification = await lastEmail(t, body.email, 'verification');
    expect(verification.text).toMatch(/\/verify\/[\w-]{40,}/);

    const me = await browser.get('/api/users/getUser');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(body.email);
  });

  it('marks the session cookie Secure behind https', async () => {
    const behindProxy = await buildTestApp({ config: { trustProxy: true }, database: t.database });
    const response = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: registration(),
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.cookies.find((cookie) => cookie.name === 'sid')!.secure).toBe(true);
    await behindProxy.app.close();
  });

  it('normalises the email and refuses a second account with it', async () => {
    const email = uniqueEmail();
    await registerIn(new Browser(t), { email });
    const again = await new Browser(t).post('/api/users/register', registration({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Email has already been registered');
  });

  it.each([
    [{ name: '' }, 'All fields are required'],
    [{ email: undefined }, 'All fields are required'],
    [{ phone: '' }, 'All fields are required'],
    [{ country: '   ' }, 'All fields are required'],
    [{ password: '' }, 'All fields are required'],
    [{ password: '12345' }, 'Password must be up to 6 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email'],
    [{ email: 'a@b.c' }, 'Please enter a valid email'],
    [{ phone: '0123456' }, 'Please enter a valid Phone Number'],
    [{ phone: '+1234567890123456' }, 'Please enter a valid Phone Number'],
    [{ phone: 'call me' }, 'Please enter a valid Phone Number'],
    [{ name: 42 }, 'All fields are required'],
  ])('refuses %o with the SPEC message', async (override, message) => {
    const response = await new Browser(t).post('/api/users/register', registration(override));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('accepts a bracketed IPv4 email domain (SPEC §5)', async () => {
    const response = await new Browser(t).post('/api/users/register', registration({ email: `ip${Date.now()}@[192.168.1.20]` }));
    expect(response.statusCode).toBe(201);
  });

  it('stores the referrer for a known referral code', async () => {
    const { user: referrer } = await registerIn(new Browser(t));
    const { user } = await registerIn(new Browser(t), { referralCode: referrer.referralCode.toLowerCase() });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.referredById).toBe(referrer._id);
  });

  it('refuses an unknown referral code with a clear message and creates nothing', async () => {
    const body = registration({ referralCode: 'NOSUCHCD' });
    const response = await new Browser(t).post('/api/users/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid referral code');
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
  });

  it('ignores fields a user may not set (role, isVerified, balance)', async () => {
    const response = await new Browser(t).post('/api/users/register', {
      ...registration(),
      role: 'admin',
      isVerified: true,
      kycStatus: 'Approved',
      balance: '1000000',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ role: 'subscriber', isVerified: false, kycStatus: 'Not Submitted', balance: '0.00' });
  });

  it('never answers 500 to junk', async () => {
    for (const payload of ['[]', 'null', '"x"', '{"email":{"$ne":1}}', '{', JSON.stringify({ name: 'x'.repeat(10_000) })]) {
      const response = await new Browser(t).request({
        method: 'POST',
        url: '/api/users/register',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('POST /api/users/login', () => {
  it('signs in from the registering browser and rotates the session id', async () => {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    const firstSid = browser.sid!;
    const response = await browser.post('/api/users/login', { email: body.email, password: body.password });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(body.email);
    expectNoSecrets(response.json());
    expect(browser.sid).toBeDefined();
    expect(browser.sid).not.toBe(firstSid);
    // The old session id no longer works.
    const old = await t.app.inject({ method: 'GET', url: '/api/users/loginStatus', cookies: { sid: firstSid } });
    expect(old.json()).toBe(false);
    expect((await browser.get('/api/users/loginStatus')).json()).toBe(true);
  });

  it('accepts the session token as a Bearer token', async () => {
    const browser = new Browser(t);
    await registerIn(browser);
    const response = await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: { authorization: `Bearer ${browser.sid}` } });
    expect(response.statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    const wrong = await browser.post('/api/users/login', { email: body.email, password: 'Wrong-pass1' });
    const unknown = await browser.post('/api/users/login', { email: uniqueEmail(), password: 'Wrong-pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    [{ email: '', password: 'x' }, 'All fields are required'],
    [{ email: 'a@example.com' }, 'All fields are required'],
    [{ email: 'nope', password: 'secret1' }, 'Please enter a valid email'],
    [{ email: ['a@example.com'], password: 'secret1' }, 'All fields are required'],
  ])('validates %o', async (payload, message) => {
    const response = await new Browser(t).post('/api/users/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const response = await new Browser(t).request({
      method: 'POST',
      url: '/api/users/login',
      payload: 'email=a@example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Unsupported content type');
    const plain = await new Browser(t).request({
      method: 'POST',
      url: '/api/users/login',
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.statusCode).toBe(415);
  });

  it("refuses a suspended account with 403 and a message containing 'suspended', and ends its sessions", async () => {
    const browser = new Browser(t);
    const { body, user } = await registerIn(browser);
    await t.database.db.update(users).set({ role: 'suspended' }).where(eq(users.id, user._id));
    const response = await browser.post('/api/users/login', { email: body.email, password: body.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('suspended');
    expect((await browser.get('/api/users/getUser')).statusCode).toBe(401);
    // A wrong password does not reveal the suspension.
    const wrong = await browser.post('/api/users/login', { email: body.email, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a deleted account like an unknown one', async () => {
    const browser = new Browser(t);
    const { body, user } = await registerIn(browser);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user._id));
    const response = await browser.post('/api/users/login', { email: body.email, password: body.password });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
  });
});

describe('new browser: access code', () => {
  async function newBrowserLogin() {
    const home = new Browser(t);
    const { body, user } = await registerIn(home);
    const other = new Browser(t);
    const response = await other.post('/api/users/login', { email: body.email, password: body.password });
    return { home, other, body, user, response };
  }

  it("refuses a password login from an unknown browser with 'New browser' and emails a 6-character code", async () => {
    const { other, body, response } = await newBrowserLogin();
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toContain('New browser');
    expect(other.sid).toBeUndefined();
    expect(other.cookies.get('did')).toBeDefined();
    const code = await loginCodeFor(t, body.email);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const [row] = await t.database.db.select().from(loginCodes).orderBy(loginCodes.createdAt);
    expect(row!.codeHash).not.toContain(code);
  });

  it('signs in with the code, trusts the browser and emails a new-device notice', async () => {
    const { other, body } = await newBrowserLogin();
    const code = await loginCodeFor(t, body.email);
    const response = await other.post(`/api/users/loginWithCode/${encodeURIComponent(body.email)}`, { loginCode: code.toLowerCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(body.email);
    expect(other.sid).toBeDefined();
    expect(await emailsTo(t, body.email, 'new-device-login')).toHaveLength(1);
    // Trusted now: a password login works directly.
    const again = await other.post('/api/users/login', { email: body.email, password: body.password });
    expect(again.statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const { other, body } = await newBrowserLogin();
    const code = await loginCodeFor(t, body.email);
    const url = `/api/users/loginWithCode/${encodeURIComponent(body.email)}`;
    expect((await other.post(url, { loginCode: code })).statusCode).toBe(200);
    const reuse = await other.post(url, { loginCode: code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toMatch(/expired or was already used/);
  });

  it('binds the code to the browser that passed the password check', async () => {
    const { body } = await newBrowserLogin();
    const code = await loginCodeFor(t, body.email);
    const thief = new Browser(t);
    const response = await thief.post(`/api/users/loginWithCode/${encodeURIComponent(body.email)}`, { loginCode: code });
    expect(response.statusCode).toBe(400);
    expect(thief.sid).toBeUndefined();
  });

  it('expires after 15 minutes', async () => {
    const { other, body } = await newBrowserLogin();
    const code = await loginCodeFor(t, body.email);
    t.clock.advance(15 * 60 * 1000 + 1000);
    try {
      const response = await other.post(`/api/users/loginWithCode/${encodeURIComponent(body.email)}`, { loginCode: code });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/expired/);
    } finally {
      t.clock.advance(-(15 * 60 * 1000 + 1000));
    }
  });

  it('allows 5 tries, then refuses even the right code', async () => {
    const { other, body } = await newBrowserLogin();
    const code = await loginCodeFor(t, body.email);
    const url = `/api/users/loginWithCode/${encodeURIComponent(body.email)}`;
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await other.post(url, { loginCode: wrong });
      expect(response.statusCode).toBe(400);
      messages.push(response.json().message);
    }
    expect(messages[0]).toBe('Invalid access code. 4 tries left.');
    expect(messages[4]).toMatch(/Too many wrong codes/);
    const right = await other.post(url, { loginCode: code });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toMatch(/Too many wrong codes/);
  });

  it('resends a fresh code to the waiting browser (the old one stops working)', async () => {
    const { other, body } = await newBrowserLogin();
    const first = await loginCodeFor(t, body.email);
    const resend = await other.post(`/api/users/sendLoginCode/${encodeURIComponent(body.email)}`);
    expect(resend.statusCode).toBe(200);
    expect(resend.json().message).toBe('Access code sent to your email');
    const second = await loginCodeFor(t, body.email);
    expect(await emailsTo(t, body.email, 'login-code')).toHaveLength(2);
    const url = `/api/users/loginWithCode/${encodeURIComponent(body.email)}`;
    if (first !== second) expect((await other.post(url, { loginCode: first })).statusCode).toBe(400);
    expect((await other.post(url, { loginCode: second })).statusCode).toBe(200);
  });

  it('sends nothing to a browser that has not passed the password check, with the same answer', async () => {
    const { body } = await newBrowserLogin();
    const stranger = new Browser(t);
    const response = await stranger.post(`/api/users/sendLoginCode/${encodeURIComponent(body.email)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Access code sent to your email');
    const unknown = await stranger.post(`/api/users/sendLoginCode/${encodeURIComponent(uniqueEmail())}`);
    expect(unknown.json()).toEqual(response.json());
    expect(await emailsTo(t, body.email, 'login-code')).toHaveLength(1);
  });

  it('validates the code (SPEC §5 messages) and the email parameter', async () => {
    const browser = new Browser(t);
    const url = `/api/users/loginWithCode/${encodeURIComponent(uniqueEmail())}`;
    expect((await browser.post(url, { loginCode: '' })).json().message).toBe('Please fill in the login code');
    expect((await browser.post(url, {})).json().message).toBe('Please fill in the login code');
    expect((await browser.post(url, { loginCode: 'ABC' })).json().message).toBe('Access code must be 6 characters');
    const badEmail = await browser.post('/api/users/loginWithCode/not-an-email', { loginCode: 'ABCDEF' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email');
  });

  it('refuses the code of a suspended account', async () => {
    const { other, body, user } = await newBrowserLogin();
    const code = await loginCodeFor(t, body.email);
    await t.database.db.update(users).set({ role: 'suspended' }).where(eq(users.id, user._id));
    const response = await other.post(`/api/users/loginWithCode/${encodeURIComponent(body.email)}`, { loginCode: code });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('suspended');
  });
});

describe('logout, loginStatus, getUser', () => {
  async function twoSessions() {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    // A second session of the same account (an API client, another device).
    const api = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: body.email, password: body.password }, cookies: { did: browser.cookies.get('did')! } });
    const apiSid = api.cookies.find((cookie) => cookie.name === 'sid')!.value;
    return { browser, sid: browser.sid!, apiSid };
  }
  const signedIn = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/users/loginStatus', headers: { authorization: `Bearer ${token}` } })).json() as boolean;

  it('logout ends this session only and clears the cookie; other devices stay signed in', async () => {
    const { browser, sid, apiSid } = await twoSessions();
    const response = await browser.get('/api/users/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logout successful' });
    expect(browser.sid).toBeUndefined();
    expect(await signedIn(sid)).toBe(false);
    expect(await signedIn(apiSid)).toBe(true);
  });

  it('logout cannot be forced from another site', async () => {
    const { browser, sid, apiSid } = await twoSessions();
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Record<string, string>[]) {
      const refused = await browser.get('/api/users/logout', headers);
      expect(refused.statusCode).toBe(403);
    }
    expect(await signedIn(sid)).toBe(true);
    expect(await signedIn(apiSid)).toBe(true);
    // The app's own page may (same-origin Fetch Metadata).
    expect((await browser.get('/api/users/logout', { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('sign out everywhere ends every session of the account, and only by an explicit POST from the app', async () => {
    const { browser, sid, apiSid } = await twoSessions();
    expect((await browser.post('/api/users/logout-everywhere', {}, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect(await signedIn(apiSid)).toBe(true);
    const done = await browser.post('/api/users/logout-everywhere', {});
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'You are signed out on every device' });
    expect(await signedIn(sid)).toBe(false);
    expect(await signedIn(apiSid)).toBe(false);
  });

  it('answers signed-in requests with no-store and Vary, JSON and the CSV export alike; public answers keep their caching', async () => {
    const { headers } = await t.createUser();
    for (const url of ['/api/users/getUser', '/api/invest/getTransactionHistory', '/api/invest/getTransactionHistory?format=csv', '/api/users/loginStatus', '/api/invest/plans']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers.vary, url).toBe('Cookie, Authorization');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/payments/pending-deposit', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/invest/plans' });
    expect(anonymous.headers['cache-control']).not.toBe('no-store');
  });

  it('logout without a session still answers', async () => {
    const response = await new Browser(t).get('/api/users/logout');
    expect(response.statusCode).toBe(200);
  });

  it('loginStatus answers a boolean', async () => {
    expect((await new Browser(t).get('/api/users/loginStatus')).json()).toBe(false);
    const { headers } = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/loginStatus', headers })).json()).toBe(true);
    const junk = await t.app.inject({ method: 'GET', url: '/api/users/loginStatus', headers: { authorization: 'Bearer x' } });
    expect(junk.json()).toBe(false);
  });

  it('getUser needs a session', async () => {
    const response = await new Browser(t).get('/api/users/getUser');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/login/);
  });

  it('getUser shows isImpersonated for an impersonation session', async () => {
    const { user } = await t.createUser();
    const { user: admin } = await t.createUser({ role: 'admin' });
    const { createSession } = await import('../../../src/services/auth/sessions');
    const { token } = await createSession(t.database.db, user.id, { impersonatorId: admin.id });
    const response = await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: { authorization: `Bearer ${token}` } });
    expect(response.json()).toMatchObject({ _id: user.id, isImpersonated: true });
  });
});

describe('PATCH /api/users/updateUser', () => {
  it('changes only name, phone, bio, country and photo', async () => {
    const { user, headers } = await t.createUser();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/updateUser',
      headers,
      payload: {
        name: 'New Name',
        phone: '+4420 7946 0000',
        bio: 'Investor',
        country: 'France',
        email: 'hijack@example.com',
        role: 'admin',
        isVerified: false,
        kycStatus: 'Pending',
        balance: '99999',
        referralCode: 'MINE0000',
        hasFees: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'New Name',
      phone: '+442079460000',
      bio: 'Investor',
      country: 'France',
      email: user.email,
      role: 'subscriber',
      isVerified: true,
      kycStatus: 'Approved',
      referralCode: user.referralCode,
      hasFees: false,
    });
  });

  it('validates what it changes', async () => {
    const { headers } = await t.createUser();
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/users/updateUser', headers, payload: { phone: '0123' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid Phone Number');
    const empty = await t.app.inject({ method: 'PATCH', url: '/api/users/updateUser', headers, payload: { name: ' ' } });
    expect(empty.json().message).toBe('All fields are required');
    const photo = await t.app.inject({ method: 'PATCH', url: '/api/users/updateUser', headers, payload: { photo: 'https://evil.example/x.png' } });
    expect(photo.statusCode).toBe(400);
  });

  it('needs a session and is refused while impersonating', async () => {
    const anonymous = await new Browser(t).patch('/api/users/updateUser', { name: 'x' });
    expect(anonymous.statusCode).toBe(401);
    const { user } = await t.createUser();
    const { user: admin } = await t.createUser({ role: 'admin' });
    const { createSession } = await import('../../../src/services/auth/sessions');
    const { token } = await createSession(t.database.db, user.id, { impersonatorId: admin.id });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/updateUser',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Hacked' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('email verification', () => {
  it('verifies with the emailed token, once', async () => {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    const token = await linkTokenFor(t, body.email, 'verification');
    const response = await new Browser(t).patch(`/api/users/verifyUser/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Account Verification Successful' });
    expect((await browser.get('/api/users/getUser')).json().isVerified).toBe(true);
    const reuse = await new Browser(t).patch(`/api/users/verifyUser/${token}`);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toMatch(/Invalid or expired link/);
  });

  it('stores only a hash of the token', async () => {
    const { body, user } = await registerIn(new Browser(t));
    const token = await linkTokenFor(t, body.email, 'verification');
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
  });

  it('refuses an expired token (24 hours)', async () => {
    const { body } = await registerIn(new Browser(t));
    const token = await linkTokenFor(t, body.email, 'verification');
    t.clock.advance(24 * 3600 * 1000 + 1000);
    try {
      const response = await new Browser(t).patch(`/api/users/verifyUser/${token}`);
      expect(response.statusCode).toBe(400);
    } finally {
      t.clock.advance(-(24 * 3600 * 1000 + 1000));
    }
  });

  it('refuses unknown tokens without a 500', async () => {
    for (const token of ['x', 'a'.repeat(43), '%00', 'x'.repeat(150)]) {
      const response = await new Browser(t).patch(`/api/users/verifyUser/${token}`);
      expect(response.statusCode).toBe(400);
    }
  });

  it('resends a link (the old one stops working) and refuses when already verified', async () => {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    const first = await linkTokenFor(t, body.email, 'verification');
    const resend = await browser.post('/api/users/sendVerificationEmail');
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: 'Verification Email Sent' });
    const second = await linkTokenFor(t, body.email, 'verification');
    expect(second).not.toBe(first);
    expect((await browser.patch(`/api/users/verifyUser/${first}`)).statusCode).toBe(400);
    expect((await browser.patch(`/api/users/verifyUser/${second}`)).statusCode).toBe(200);
    const again = await browser.post('/api/users/sendVerificationEmail');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('User already verified');
    expect((await new Browser(t).post('/api/users/sendVerificationEmail')).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the email exists, and emails only a real account', async () => {
    const { body } = await registerIn(new Browser(t));
    const known = await new Browser(t).post('/api/users/forgotPassword', { email: body.email });
    const unknownEmail = uniqueEmail();
    const unknown = await new Browser(t).post('/api/users/forgotPassword', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await lastEmail(t, body.email, 'password-reset');
    expect(await emailsTo(t, body.email, 'password-reset')).toHaveLength(1);
    expect(await emailsTo(t, unknownEmail)).toHaveLength(0);
  });

  it('validates the email (SPEC §5)', async () => {
    expect((await new Browser(t).post('/api/users/forgotPassword', { email: '' })).json().message).toBe('Please enter an email');
    expect((await new Browser(t).post('/api/users/forgotPassword', {})).json().message).toBe('Please enter an email');
    expect((await new Browser(t).post('/api/users/forgotPassword', { email: 'x@' })).json().message).toBe('Please enter a valid email');
  });

  it('resets with the emailed token once, ends every session and sends a password-changed email', async () => {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    await new Browser(t).post('/api/users/forgotPassword', { email: body.email });
    const token = await linkTokenFor(t, body.email, 'password-reset');
    const response = await new Browser(t).patch(`/api/users/resetPassword/${token}`, { password: 'N3w-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password Reset Successful, please login' });
    expect((await browser.get('/api/users/getUser')).statusCode).toBe(401);
    expect(await emailsTo(t, body.email, 'password-changed')).toHaveLength(1);
    const old = await browser.post('/api/users/login', { email: body.email, password: body.password });
    expect(old.statusCode).toBe(401);
    const fresh = await browser.post('/api/users/login', { email: body.email, password: 'N3w-password' });
    expect(fresh.statusCode).toBe(200);
    const reuse = await new Browser(t).patch(`/api/users/resetPassword/${token}`, { password: 'An0ther-pass' });
    expect(reuse.statusCode).toBe(400);
  });

  it('expires reset links after an hour and keeps only the newest', async () => {
    const { body } = await registerIn(new Browser(t));
    await new Browser(t).post('/api/users/forgotPassword', { email: body.email });
    const first = await linkTokenFor(t, body.email, 'password-reset');
    await new Browser(t).post('/api/users/forgotPassword', { email: body.email });
    const second = await linkTokenFor(t, body.email, 'password-reset', 2);
    expect((await new Browser(t).patch(`/api/users/resetPassword/${first}`, { password: 'N3w-password' })).statusCode).toBe(400);
    t.clock.advance(3600 * 1000 + 1000);
    try {
      const expired = await new Browser(t).patch(`/api/users/resetPassword/${second}`, { password: 'N3w-password' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toMatch(/expired/);
    } finally {
      t.clock.advance(-(3600 * 1000 + 1000));
    }
  });

  it('validates the new password', async () => {
    const short = await new Browser(t).patch('/api/users/resetPassword/abc', { password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be up to 6 characters');
  });
});

describe('PATCH /api/users/changePassword', () => {
  it('changes the password, keeps this session, ends the others and emails the owner', async () => {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: body.email, password: body.password },
      cookies: { did: browser.cookies.get('did')! },
    });
    const otherSid = other.cookies.find((cookie) => cookie.name === 'sid')!.value;
    const response = await browser.patch('/api/users/changePassword', { oldPassword: body.password, password: 'Br4nd-new!' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed successfully' });
    expect((await browser.get('/api/users/getUser')).statusCode).toBe(200);
    const otherStatus = await t.app.inject({ method: 'GET', url: '/api/users/loginStatus', headers: { authorization: `Bearer ${otherSid}` } });
    expect(otherStatus.json()).toBe(false);
    expect(await emailsTo(t, body.email, 'password-changed')).toHaveLength(1);
    expect((await browser.post('/api/users/login', { email: body.email, password: 'Br4nd-new!' })).statusCode).toBe(200);
  });

  it('refuses a wrong old password and validates the fields', async () => {
    const { headers } = await t.createUser();
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/changePassword',
      headers,
      payload: { oldPassword: 'not-it-at-all', password: 'Br4nd-new!' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Old password is incorrect');
    const missing = await t.app.inject({ method: 'PATCH', url: '/api/users/changePassword', headers, payload: { oldPassword: TEST_PASSWORD } });
    expect(missing.json().message).toBe('All fields are required');
    const short = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/changePassword',
      headers,
      payload: { oldPassword: TEST_PASSWORD, password: 'abc' },
    });
    expect(short.json().message).toBe('Password must be up to 6 characters');
    expect((await new Browser(t).patch('/api/users/changePassword', { oldPassword: 'a', password: 'bbbbbbb' })).statusCode).toBe(401);
  });
});

describe('signed-in devices', () => {
  it('lists the live sessions and signs one out', async () => {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: body.email, password: body.password },
      cookies: { did: browser.cookies.get('did')! },
      headers: { 'user-agent': 'OtherAgent/1.0' },
    });
    const otherSid = other.cookies.find((cookie) => cookie.name === 'sid')!.value;
    const list = await browser.get('/api/users/sessions');
    expect(list.statusCode).toBe(200);
    const sessionsList = list.json().sessions as { id: string; current: boolean; userAgent: string | null }[];
    expect(sessionsList).toHaveLength(2);
    expect(sessionsList.filter((s) => s.current)).toHaveLength(1);
    const target = sessionsList.find((s) => !s.current)!;
    expect(target.userAgent).toBe('OtherAgent/1.0');
    const revoke = await browser.delete(`/api/users/sessions/${target.id}`);
    expect(revoke.statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/users/loginStatus', headers: { authorization: `Bearer ${otherSid}` } });
    expect(status.json()).toBe(false);
    expect((await browser.get('/api/users/sessions')).json().sessions).toHaveLength(1);
  });

  it("cannot sign out another account's session", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const [bSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, b.user.id));
    const response = await t.app.inject({ method: 'DELETE', url: `/api/users/sessions/${bSession!.id}`, headers: a.headers });
    expect(response.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/loginStatus', headers: b.headers })).json()).toBe(true);
  });
});

describe('GET /api/countries', () => {
  it('lists countries as {name, code}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/countries' });
    expect(response.statusCode).toBe(200);
    const countries = response.json() as { name: string; code: string }[];
    expect(countries.length).toBeGreaterThan(240);
    expect(countries).toContainEqual({ name: 'United States', code: 'US' });
    expect(countries).toContainEqual({ name: 'Nigeria', code: 'NG' });
    for (const country of countries) expect(country.code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
  });
});

describe('auth options', () => {
  it('hides Google sign-in without a client id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/auth-options' });
    expect(response.json()).toEqual({ googleClientId: null });
    const google = await new Browser(t).post('/api/users/google/callback', { credential: 'x.y.z' });
    expect(google.statusCode).toBe(404);
  });
});



describe('common passwords and hidden characters', () => {
  it('refuses a common password at registration, reset and change, with a clear message', async () => {
    for (const password of ['password1', 'Qwerty123', 'iloveyou']) {
      const response = await new Browser(t).post('/api/users/register', registration({ password }));
      expect(response.statusCode, password).toBe(400);
      expect(response.json().message).toBe('This password is one of the most common ones, which attackers try first. Please choose another.');
    }
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    const change = await browser.patch('/api/users/changePassword', { oldPassword: body.password, password: 'Password123' });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toMatch(/most common ones/);
    // The old password still works: nothing changed.
    expect((await browser.patch('/api/users/changePassword', { oldPassword: body.password, password: 'An0ther-g00d-one' })).statusCode).toBe(200);
  });

  it('refuses names and text with bidirectional overrides or invisible control characters, and stores names in NFC', async () => {
    for (const name of ['Ada\u202Eecalevol', 'Ada\u200BLovelace', 'Ada\u0007', 'Ada\u2066x\u2069', 'A\uFEFFda']) {
      const response = await new Browser(t).post('/api/users/register', registration({ name }));
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().message).toBe('Text may not contain invisible or text-direction control characters');
    }
    const browser = new Browser(t);
    // "Zoë" typed as Z o e + combining diaeresis (NFD) is stored as the single character ë (NFC).
    const { user } = await registerIn(browser, { name: 'Zoe\u0308 Persian\u200Cname' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.name).toBe('Zo\u00EB Persian\u200Cname');
    const bio = await browser.patch('/api/users/updateUser', { bio: 'Hello\u202Eworld' });
    expect(bio.statusCode).toBe(400);
    const multiline = await browser.patch('/api/users/updateUser', { bio: 'Line one\nLine two' });
    expect(multiline.statusCode).toBe(200);
  });
});

describe('POST /api/users/sendAutomatedEmail', () => {
  const send = (browserOrHeaders: Browser | { authorization: string }, payload: Record<string, unknown>) =>
    browserOrHeaders instanceof Browser
      ? browserOrHeaders.post('/api/users/sendAutomatedEmail', payload)
      : t.app.inject({ method: 'POST', url: '/api/users/sendAutomatedEmail', headers: browserOrHeaders, payload });

  it('after a password change, answers from the email the change queued: one email, to the caller only', async () => {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    const early = await send(browser, { send_to: body.email, template: 'changePassword', subject: 'x', url: 'https://evil.example' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('There is no recent change to send an email about');
    expect((await browser.patch('/api/users/changePassword', { oldPassword: body.password, password: 'An0ther-g00d-one' })).statusCode).toBe(200);
    const sent = await send(browser, { send_to: body.email, reply_to: body.email, template: 'changePassword', subject: 'Password changed', url: 'https://evil.example' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'Email sent successfully!' });
    const mails = await emailsTo(t, body.email, 'password-changed');
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).not.toContain('evil.example');
    const relay = await send(browser, { send_to: 'victim@example.com', template: 'changePassword' });
    expect(relay.statusCode).toBe(403);
    expect(await emailsTo(t, 'victim@example.com')).toHaveLength(0);
    expect((await send(browser, { send_to: body.email, template: 'newsletter' })).statusCode).toBe(400);
    expect((await send(new Browser(t), { send_to: body.email, template: 'changePassword' })).statusCode).toBe(401);
  });

  it('after a role change, staff may ask for the role email of that user only; subscribers never', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    const other = await t.createUser();
    expect((await send(admin.headers, { send_to: target.user.email, template: 'changeRole' })).statusCode).toBe(403);
    const changed = await t.app.inject({ method: 'POST', url: '/api/users/upgradeUser', headers: admin.headers, payload: { id: target.user.id, role: 'author' } });
    expect(changed.statusCode).toBe(200);
    expect((await send(admin.headers, { send_to: target.user.email, template: 'changeRole' })).statusCode).toBe(200);
    expect(await emailsTo(t, target.user.email, 'role-changed')).toHaveLength(1);
    expect((await send(admin.headers, { send_to: other.user.email, template: 'changeRole' })).statusCode).toBe(403);
    expect((await send(other.headers, { send_to: target.user.email, template: 'changeRole' })).statusCode).toBe(403);
  });
});
