import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { PasskeyAuthenticationOptions, PasskeyRegistrationOptions } from '@app/shared';
import { passkeys, users, webauthnChallenges } from '../../../src/db/schema';
import { createSession } from '../../../src/services/auth/sessions';
import { MESSAGES } from '../../../src/services/auth/messages';
import { CHALLENGE_TTL_MS, PASSKEY_REFUSALS } from '../../../src/services/auth/passkeys';
import { buildTestApp, useTestApp } from '../../helpers/build-test-app';
import { Browser, emailsTo } from '../../helpers/auth-browser';
import { passkeyCalls } from '../../helpers/passkey-calls';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator';

const t = useTestApp({ config: { authRateLimitScale: 1000 } });
const { account, accountWithPasskey, addPasskey, loginOptions, lastAudit } = passkeyCalls(t);

describe('adding a passkey', () => {
  it('offers a discoverable, user-verified credential for APP_URL and stores the verified one', async () => {
    const { browser, email, userId } = await account();
    const options = (await browser.post('/api/users/passkeys/register/options', {})).json() as PasskeyRegistrationOptions;
    expect(options.rp).toEqual({ name: 'Vaultline', id: 'localhost' });
    expect(options.user.name).toBe(email);
    expect(options.user.id).not.toContain(userId);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');

    const authenticator = new SoftwareAuthenticator();
    const response = authenticator.create(options);
    const verified = await browser.post('/api/users/passkeys/register/verify', { name: '  Work laptop ', response });
    expect(verified.statusCode, verified.body).toBe(201);
    const added = verified.json();
    expect(added).toMatchObject({ name: 'Work laptop', lastUsedAt: null, synced: false });

    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row).toMatchObject({ userId, credentialId: response.id, counter: 0, transports: ['internal'] });
    // The challenge is gone once used.
    const left = await t.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge));
    expect(left).toEqual([]);

    const list = (await browser.get('/api/users/passkeys')).json();
    expect(list.passkeys).toEqual([added]);
    expect(list.hasPassword).toBe(true);
    expect(Date.parse(list.recentAuthUntil)).toBeGreaterThan(Date.now());

    const audit = await lastAudit('passkey.register', added.id);
    expect(audit).toMatchObject({ actorId: userId, targetType: 'passkey', after: { name: 'Work laptop', synced: false } });
    expect((await emailsTo(t, email, 'passkey-added')).length).toBe(1);

    // The same authenticator is excluded next time, and the same credential cannot be stored twice.
    const again = (await browser.post('/api/users/passkeys/register/options', {})).json() as PasskeyRegistrationOptions;
    expect(again.excludeCredentials?.map((credential) => credential.id)).toEqual([response.id]);
    expect(again.user.id).toBe(options.user.id);
    const copy = { ...response, response: { ...response.response, clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: again.challenge, origin: 'http://localhost:3000' })).toString('base64url') } };
    const duplicate = await browser.post('/api/users/passkeys/register/verify', { name: 'Copy', response: copy });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(PASSKEY_REFUSALS.duplicate);
  });

  it('refuses an answer made for another origin or RP id, without user verification, or for another session', async () => {
    const { browser } = await account();
    const authenticator = new SoftwareAuthenticator();
    const cases = [
      { answer: { origin: 'https://evil.example' }, message: PASSKEY_REFUSALS.wrongSite },
      { answer: { rpId: 'evil.example' }, message: PASSKEY_REFUSALS.wrongSite },
      { answer: { userVerified: false }, message: PASSKEY_REFUSALS.userNotVerified },
    ];
    for (const { answer, message } of cases) {
      const options = (await browser.post('/api/users/passkeys/register/options', {})).json() as PasskeyRegistrationOptions;
      const refused = await browser.post('/api/users/passkeys/register/verify', { name: 'Laptop', response: authenticator.create(options, answer) });
      expect(refused.statusCode, JSON.stringify(answer)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    // Options asked in one session cannot be answered in another session of the same account.
    const options = (await browser.post('/api/users/passkeys/register/options', {})).json() as PasskeyRegistrationOptions;
    const [row] = await t.database.db.select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge));
    const other = await createSession(t.database.db, row!.userId!);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/users/passkeys/register/verify',
      headers: { authorization: `Bearer ${other.token}` },
      payload: { name: 'Laptop', response: authenticator.create(options) },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(PASSKEY_REFUSALS.challengeGone);
    expect((await browser.get('/api/users/passkeys')).json().passkeys).toEqual([]);
  });

  it('answers malformed answers with 400 and a clear message, never a 500', async () => {
    const { browser } = await account();
    const options = (await browser.post('/api/users/passkeys/register/options', {})).json() as PasskeyRegistrationOptions;
    const good = new SoftwareAuthenticator().create(options);
    const bodies = [
      {},
      { name: 'Laptop' },
      { name: 'Laptop', response: 'nonsense' },
      { name: 'Laptop', response: { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } } },
      { name: 'Laptop', response: { ...good, response: { ...good.response, clientDataJSON: 'not base64url!' } } },
      { name: 'Laptop', response: { ...good, response: { ...good.response, attestationObject: Buffer.from('garbage').toString('base64url') } } },
      { name: 'Laptop', response: { ...good, type: 'password' } },
      { name: '', response: good },
      { name: 'x'.repeat(61), response: good },
    ];
    for (const body of bodies) {
      const refused = await browser.post('/api/users/passkeys/register/verify', body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const named = await browser.post('/api/users/passkeys/register/verify', { name: '', response: good });
    expect(named.json().message).toBe('Please give this passkey a name');
  });

  it('is refused while impersonating (read-only)', async () => {
    const { userId } = await account();
    const staff = await t.createUser({ role: 'admin' });
    const staffSession = await createSession(t.database.db, staff.user.id);
    const viewing = await createSession(t.database.db, userId, { impersonatorId: staff.user.id, impersonatorSessionId: staffSession.id });
    const headers = { authorization: `Bearer ${viewing.token}` };
    const refused = await t.app.inject({ method: 'POST', url: '/api/users/passkeys/register/options', headers, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Impersonation is read-only/);
    const list = await t.app.inject({ method: 'GET', url: '/api/users/passkeys', headers });
    expect(list.statusCode).toBe(200);
  });
});

describe('signing in with a passkey', () => {
  it('signs in from a new browser with no email, no new-browser code, and trusts that browser', async () => {
    const { email, password, userId, authenticator, passkey: added } = await accountWithPasskey();
    const codesBefore = (await emailsTo(t, email, 'login-code')).length;

    const elsewhere = new Browser(t);
    const options = await loginOptions(elsewhere);
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const signedIn = await elsewhere.post('/api/users/passkeys/login/verify', { response: authenticator.get(options) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ _id: userId, email });
    expect(elsewhere.sid).toBeTruthy();
    expect((await elsewhere.get('/api/users/getUser')).json()._id).toBe(userId);
    expect((await emailsTo(t, email, 'login-code')).length).toBe(codesBefore);
    expect((await emailsTo(t, email, 'new-device-login')).length).toBe(1);

    // The browser is now the account's: a password sign-in there needs no code.
    await elsewhere.get('/api/users/logout');
    expect((await elsewhere.post('/api/users/login', { email, password })).statusCode).toBe(200);

    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
    const audit = await lastAudit('passkey.sign-in', added.id);
    expect(audit).toMatchObject({ actorId: userId, targetType: 'passkey', ip: elsewhere.ip, after: { name: 'My laptop', counter: 1 } });
  });

  it('stands in for the authenticator-app code: no TOTP prompt, and the two-factor step offers it', async () => {
    const { browser, email, password, userId } = await account();
    const setup = await browser.post('/api/users/2fa/setup');
    const { secret } = setup.json() as { secret: string };
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: t.clock.now().getTime() });
    expect((await browser.post('/api/users/2fa/enable', { code })).statusCode).toBe(200);

    const other = new Browser(t);
    const beforePasskey = await other.post('/api/users/login', { email, password });
    expect(beforePasskey.json()).toMatchObject({ twoFactorRequired: true, passkeyAvailable: false });

    const authenticator = new SoftwareAuthenticator();
    await addPasskey(browser, authenticator);
    const step = await other.post('/api/users/login', { email, password });
    expect(step.statusCode).toBe(401);
    expect(step.json()).toEqual({ message: MESSAGES.twoFactorRequired, twoFactorRequired: true, passkeyAvailable: true });

    // "Use a passkey instead": options bound to the account whose password was just given.
    const signedIn = await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other, email)) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()._id).toBe(userId);

    // And straight from the login page: no code asked either.
    const third = new Browser(t);
    const direct = await third.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(third)) });
    expect(direct.statusCode).toBe(200);
  });

  it('at the two-factor step, refuses a passkey of another account', async () => {
    const first = await account();
    const second = await account();
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(second.browser, authenticator);
    const browser = new Browser(t);
    const refused = await browser.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(browser, first.email)) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(PASSKEY_REFUSALS.otherAccount);
    expect(browser.sid).toBeUndefined();
    // Options for an email nobody has look the same, and no passkey can answer them.
    const unknown = await loginOptions(browser, 'nobody-here@example.com');
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(await loginOptions(browser, first.email)).sort());
    const none = await browser.post('/api/users/passkeys/login/verify', { response: authenticator.get(unknown) });
    expect(none.json().message).toBe(PASSKEY_REFUSALS.otherAccount);
  });

  it('refuses a suspended account with the spec message, after checking the passkey', async () => {
    const { userId, authenticator } = await accountWithPasskey();
    await t.database.db.update(users).set({ role: 'suspended' }).where(eq(users.id, userId));
    const other = new Browser(t);
    const refused = await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other)) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.suspended);
    expect(refused.json().message).toContain('suspended');
    expect(other.sid).toBeUndefined();
  });

  it('uses each challenge once: a replayed answer is refused', async () => {
    const { authenticator } = await accountWithPasskey();
    const other = new Browser(t);
    const answer = authenticator.get(await loginOptions(other));
    expect((await other.post('/api/users/passkeys/login/verify', { response: answer })).statusCode).toBe(200);
    const replayed = await new Browser(t).post('/api/users/passkeys/login/verify', { response: answer });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(PASSKEY_REFUSALS.challengeGone);
  });

  it('at the same time: one answer sent twice, or two answers with one counter value, sign in once', async () => {
    const { browser, authenticator } = await accountWithPasskey();
    const answer = authenticator.get(await loginOptions(browser), { counter: 3 });
    const twice = await Promise.all([new Browser(t), new Browser(t)].map((other) => other.post('/api/users/passkeys/login/verify', { response: answer })));
    expect(twice.map((response) => response.statusCode).sort()).toEqual([200, 400]);

    const first = authenticator.get(await loginOptions(browser), { counter: 7 });
    const second = authenticator.get(await loginOptions(browser), { counter: 7 });
    const both = await Promise.all([first, second].map((response) => new Browser(t).post('/api/users/passkeys/login/verify', { response })));
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 401]);
    expect(both.find((response) => response.statusCode === 401)!.json().message).toBe(PASSKEY_REFUSALS.counter);
  });

  it('refuses a challenge answered after it expired', async () => {
    const { authenticator } = await accountWithPasskey();
    const other = new Browser(t);
    const answer = authenticator.get(await loginOptions(other));
    t.clock.advance(CHALLENGE_TTL_MS + 1000);
    try {
      const late = await other.post('/api/users/passkeys/login/verify', { response: answer });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(PASSKEY_REFUSALS.challengeGone);
    } finally {
      t.clock.reset();
    }
    // A fresh challenge works.
    expect((await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other)) })).statusCode).toBe(200);
  });

  it('refuses a counter that went backwards and records it; synced passkeys that keep 0 pass', async () => {
    const { browser, userId, authenticator, passkey: added } = await accountWithPasskey();
    const other = new Browser(t);
    expect((await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other), { counter: 5 }) })).statusCode).toBe(200);
    for (const counter of [5, 3]) {
      const cloned = await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other), { counter }) });
      expect(cloned.statusCode, `counter ${counter}`).toBe(401);
      expect(cloned.json().message).toBe(PASSKEY_REFUSALS.counter);
    }
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row!.counter).toBe(5);
    expect(await lastAudit('passkey.counter-regressed', added.id)).toMatchObject({ actorId: userId, after: { storedCounter: 5 } });
    expect((await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other), { counter: 6 }) })).statusCode).toBe(200);

    const synced = new SoftwareAuthenticator(true);
    const syncedKey = await addPasskey(browser, synced, 'Phone');
    expect((await browser.get('/api/users/passkeys')).json().passkeys.find((p: { id: string }) => p.id === syncedKey.id).synced).toBe(true);
    for (let use = 0; use < 2; use += 1) {
      const ok = await other.post('/api/users/passkeys/login/verify', { response: synced.get(await loginOptions(other)) });
      expect(ok.statusCode, ok.body).toBe(200);
    }
  });

  it('refuses an answer made for another origin or RP id, without user verification, or with a bad signature', async () => {
    const { authenticator } = await accountWithPasskey();
    const other = new Browser(t);
    const cases = [
      { answer: { origin: 'https://vau1tline.example' }, message: PASSKEY_REFUSALS.wrongSite },
      { answer: { origin: 'http://localhost:4000' }, message: PASSKEY_REFUSALS.wrongSite },
      { answer: { rpId: 'vau1tline.example' }, message: PASSKEY_REFUSALS.wrongSite },
      { answer: { userVerified: false }, message: PASSKEY_REFUSALS.userNotVerified },
    ];
    for (const { answer, message } of cases) {
      const refused = await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other), answer) });
      expect(refused.statusCode, JSON.stringify(answer)).toBe(401);
      expect(refused.json().message).toBe(message);
    }
    const forged = authenticator.get(await loginOptions(other));
    forged.response.signature = Buffer.from('not a signature').toString('base64url');
    const bad = await other.post('/api/users/passkeys/login/verify', { response: forged });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(PASSKEY_REFUSALS.notVerified);
    expect(other.sid).toBeUndefined();
  });

  it('answers an unknown credential and malformed answers with 4xx, never a 500', async () => {
    const stranger = new SoftwareAuthenticator();
    stranger.create((await (await account()).browser.post('/api/users/passkeys/register/options', {})).json() as PasskeyRegistrationOptions);
    const browser = new Browser(t);
    const unknown = await browser.post('/api/users/passkeys/login/verify', { response: stranger.get(await loginOptions(browser)) });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(PASSKEY_REFUSALS.unknown);

    const good = stranger.get(await loginOptions(browser));
    const bodies = [
      {},
      { response: null },
      { response: { ...good, rawId: 'AAAA' } },
      { response: { ...good, response: { ...good.response, clientDataJSON: Buffer.from('[]').toString('base64url') } } },
      { response: { ...good, response: { ...good.response, authenticatorData: undefined } } },
      { response: { ...good, id: 'x'.repeat(2000), rawId: 'x'.repeat(2000) } },
    ];
    for (const body of bodies) {
      const refused = await browser.post('/api/users/passkeys/login/verify', body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const text = await browser.request({ method: 'POST', url: '/api/users/passkeys/login/verify', payload: 'x', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
  });

  it('is rate-limited per credential like the other sign-in endpoints', async () => {
    const limited = await buildTestApp({ config: { authRateLimitScale: 1 } });
    try {
      const browser = new Browser(limited);
      const options = (await browser.post('/api/users/passkeys/login/options', {})).json() as PasskeyAuthenticationOptions;
      // A credential this server never registered: each attempt is refused, and counted against that credential.
      const answer = new SoftwareAuthenticator();
      answer.create({ challenge: options.challenge, rp: { name: 'x', id: 'localhost' }, user: { id: 'AAAA', name: 'x', displayName: 'x' }, pubKeyCredParams: [] });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        // Each from its own address: the per-credential limit, not the per-IP one.
        const response = await new Browser(limited).post('/api/users/passkeys/login/verify', { response: answer.get(options) });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
