import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_PASSWORD, useTestApp } from '../../helpers/build-test-app';
import { Browser, emailsTo, lastEmail, linkTokenFor, registerIn, registration, uniqueEmail } from '../../helpers/auth-browser';
import { sessions, users } from '../../../src/db/schema';

const t = useTestApp({ config: { authRateLimitScale: 1000 } });

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

/** A second session of the browser's account (same trusted device), as another program: its session token. */
async function signInElsewhere(browser: Browser, body: { email: string; password: string }, headers: Record<string, string> = {}): Promise<string> {
  const other = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: body.email, password: body.password },
    cookies: { did: browser.cookies.get('did')! },
    headers,
  });
  return other.cookies.find((cookie) => cookie.name === 'sid')!.value;
}

describe('PATCH /api/users/changePassword', () => {
  it('changes the password, keeps this session, ends the others and emails the owner', async () => {
    const browser = new Browser(t);
    const { body } = await registerIn(browser);
    const otherSid = await signInElsewhere(browser, body);
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
    const otherSid = await signInElsewhere(browser, body, { 'user-agent': 'OtherAgent/1.0' });
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
