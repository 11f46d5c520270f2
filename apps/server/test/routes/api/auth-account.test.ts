import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../helpers/build-test-app';
import { Browser, lastEmail, linkTokenFor, registerIn, registration } from '../../helpers/auth-browser';
import { authTokens } from '../../../src/db/schema';

const t = useTestApp({ config: { authRateLimitScale: 1000 } });

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
      expect(String(response.headers.vary).split(', '), url).toEqual(expect.arrayContaining(['Cookie', 'Authorization']));
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

  it("emails in the account's language (issue 21): the verification on registering, the reset link later", async () => {
    const body = { ...registration(), language: 'es' };
    const response = await new Browser(t).post('/api/users/register', body);
    expect(response.json().language).toBe('es');
    const verification = await lastEmail(t, body.email, 'verification');
    expect(verification.subject).toBe('Verifica tu dirección de correo');
    expect(verification.text).toContain('Este enlace caduca en 24 horas');
    const { user, headers } = await t.createUser();
    await t.app.inject({ method: 'PATCH', url: '/api/users/updateUser', headers, payload: { language: 'de' } });
    await new Browser(t).post('/api/users/forgotPassword', { email: user.email });
    expect((await lastEmail(t, user.email, 'password-reset')).subject).toBe('Setzen Sie Ihr Passwort zurück');
  });

  it('stores the language (issue 21): English until chosen, one of the five codes', async () => {
    const { headers } = await t.createUser();
    const before = await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers });
    expect(before.json().language).toBe('en');
    const changed = await t.app.inject({ method: 'PATCH', url: '/api/users/updateUser', headers, payload: { language: 'pt-BR' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().language).toBe('pt-BR');
    const after = await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers });
    expect(after.json().language).toBe('pt-BR');
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/users/updateUser', headers, payload: { language: 'pt' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose one of the offered languages');
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
