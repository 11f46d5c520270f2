import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VERIFIED_EMAIL_NEEDED } from '@app/shared';
import { buildTestApp, useTestApp } from '../../helpers/build-test-app';
import { Browser, emailsTo, lastEmail, loginCodeFor, registerIn, registration, uniqueEmail } from '../../helpers/auth-browser';
import { loginCodes, users } from '../../../src/db/schema';

const t = useTestApp({ config: { authRateLimitScale: 1000 } });

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
    // What an unverified email blocks, in the words of the banner, the KYC card and how-it-works (issue 40.7).
    expect(verification.text).toContain(VERIFIED_EMAIL_NEEDED);

    const me = await browser.get('/api/users/getUser');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(body.email);
  });

  it('marks the session cookie Secure behind https', async () => {
    const behindProxy = await buildTestApp({ config: { trustProxy: 1 }, database: t.database });
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
    for (const [type, payload] of [
      ['application/x-www-form-urlencoded', 'email=a@example.com&password=x'],
      ['text/plain', 'hello'],
    ]) {
      const response = await new Browser(t).request({ method: 'POST', url: '/api/users/login', payload, headers: { 'content-type': type } });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().message).toBe('Unsupported content type');
    }
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

  it("writes the code and the new-device notice in the account's language (issue 21)", async () => {
    const home = new Browser(t);
    const { body } = await registerIn(home, { language: 'de' });
    const other = new Browser(t);
    await other.post('/api/users/login', { email: body.email, password: body.password });
    const codeEmail = await lastEmail(t, body.email, 'login-code');
    const code = /um die Anmeldung abzuschließen: ([A-Z0-9]{6})/.exec(codeEmail.text)?.[1] ?? '';
    expect(code).toHaveLength(6);
    expect(codeEmail.subject).not.toContain(code);
    expect((await other.post(`/api/users/loginWithCode/${encodeURIComponent(body.email)}`, { loginCode: code })).statusCode).toBe(200);
    const notice = await lastEmail(t, body.email, 'new-device-login');
    expect(notice.subject).toBe('Neue Anmeldung bei Ihrem Konto');
    expect(notice.text).toMatch(/Ihr Konto wurde am \d{1,2}\. \S+ \d{4} um \d\d:\d\d UTC aus einem neuen Browser angemeldet\./);
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
