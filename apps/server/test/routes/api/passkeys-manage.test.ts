import { afterEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { PasskeyAuthenticationOptions } from '@app/shared';
import { passkeys, sessions, users } from '../../../src/db/schema';
import { createSession } from '../../../src/services/auth/sessions';
import { PASSKEY_REFUSALS, RECENT_AUTH_MS } from '../../../src/services/auth/passkeys';
import { useTestApp } from '../../helpers/build-test-app';
import { Browser, emailsTo } from '../../helpers/auth-browser';
import { passkeyCalls } from '../../helpers/passkey-calls';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator';

const t = useTestApp({ config: { authRateLimitScale: 1000 } });
const { account, accountWithPasskey, addPasskey, loginOptions, lastAudit } = passkeyCalls(t);

describe('renaming and removing', () => {
  afterEach(() => t.clock.reset());

  it('renames (audited) and refuses another account’s passkey', async () => {
    const { browser, userId } = await account();
    const added = await addPasskey(browser, new SoftwareAuthenticator());
    const renamed = await browser.patch(`/api/users/passkeys/${added.id}`, { name: 'Old phone' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Old phone');
    expect(await lastAudit('passkey.rename', added.id)).toMatchObject({ actorId: userId, before: { name: 'My laptop' }, after: { name: 'Old phone' } });
    expect((await browser.patch(`/api/users/passkeys/${added.id}`, { name: ' ' })).json().message).toBe('Please give this passkey a name');

    const stranger = await account();
    expect((await stranger.browser.patch(`/api/users/passkeys/${added.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await stranger.browser.delete(`/api/users/passkeys/${added.id}`)).statusCode).toBe(404);
  });

  it(`needs recent authentication: a session older than ${RECENT_AUTH_MS / 60_000} minutes confirms with the password or a passkey first`, async () => {
    const { browser, email, password, userId } = await account();
    const authenticator = new SoftwareAuthenticator();
    const first = await addPasskey(browser, authenticator, 'First');
    const secondAuthenticator = new SoftwareAuthenticator();
    const second = await addPasskey(browser, secondAuthenticator, 'Second');
    t.clock.advance(RECENT_AUTH_MS + 60_000);
    expect((await browser.get('/api/users/passkeys')).json().recentAuthUntil).toBeNull();
    const refused = await browser.delete(`/api/users/passkeys/${first.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: PASSKEY_REFUSALS.reauthRequired, reauthRequired: true });

    const wrong = await browser.post('/api/users/passkeys/reauth', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PASSKEY_REFUSALS.passwordIncorrect);
    const confirmed = await browser.post('/api/users/passkeys/reauth', { password });
    expect(confirmed.statusCode).toBe(200);
    expect(Date.parse(confirmed.json().recentAuthUntil)).toBeGreaterThan(t.clock.now().getTime());
    const removed = await browser.delete(`/api/users/passkeys/${first.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await lastAudit('passkey.remove', first.id)).toMatchObject({ actorId: userId, before: { name: 'First' } });
    expect((await emailsTo(t, email, 'passkey-removed')).length).toBe(1);

    // Later again: confirm with a passkey of the account instead.
    t.clock.advance(RECENT_AUTH_MS + 60_000);
    expect((await browser.delete(`/api/users/passkeys/${second.id}`)).statusCode).toBe(403);
    const options = await browser.post('/api/users/passkeys/reauth/options', {});
    expect(options.statusCode).toBe(200);
    const own = options.json() as PasskeyAuthenticationOptions;
    expect(own.allowCredentials?.map((credential) => credential.id)).toEqual([(await t.database.db.select().from(passkeys).where(eq(passkeys.id, second.id)))[0]!.credentialId]);
    // The removed passkey's answer no longer counts.
    const stale = await browser.post('/api/users/passkeys/reauth', { response: authenticator.get(own) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(PASSKEY_REFUSALS.otherAccount);
    expect(await lastAudit('session.reauth', userId)).toMatchObject({ actorId: userId, after: { method: 'password' } });
    const reauthOptions = (await browser.post('/api/users/passkeys/reauth/options', {})).json() as PasskeyAuthenticationOptions;
    expect((await browser.post('/api/users/passkeys/reauth', { response: secondAuthenticator.get(reauthOptions) })).statusCode).toBe(200);
    expect((await browser.delete(`/api/users/passkeys/${second.id}`)).statusCode).toBe(200);
    expect((await browser.get('/api/users/passkeys')).json().passkeys).toEqual([]);
  });

  it('a passkey sign-in counts as recent authentication, and a passkey confirms it is you', async () => {
    const { userId, authenticator, passkey: added } = await accountWithPasskey();
    const other = new Browser(t);
    expect((await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other)) })).statusCode).toBe(200);
    t.clock.advance(RECENT_AUTH_MS + 60_000);
    expect((await other.delete(`/api/users/passkeys/${added.id}`)).statusCode).toBe(403);
    const options = (await other.post('/api/users/passkeys/reauth/options', {})).json() as PasskeyAuthenticationOptions;
    const confirmed = await other.post('/api/users/passkeys/reauth', { response: authenticator.get(options) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await lastAudit('session.reauth', userId)).toMatchObject({ after: { method: 'passkey', passkeyId: added.id } });
    expect((await other.delete(`/api/users/passkeys/${added.id}`)).statusCode).toBe(200);
    expect((await other.get('/api/users/passkeys')).json().passkeys).toEqual([]);
  });

  it('is refused while impersonating, even with a fresh session', async () => {
    const { browser, userId } = await account();
    const added = await addPasskey(browser, new SoftwareAuthenticator());
    const staff = await t.createUser({ role: 'admin' });
    const staffSession = await createSession(t.database.db, staff.user.id);
    const viewing = await createSession(t.database.db, userId, { impersonatorId: staff.user.id, impersonatorSessionId: staffSession.id });
    const headers = { authorization: `Bearer ${viewing.token}` };
    for (const request of [
      { method: 'DELETE' as const, url: `/api/users/passkeys/${added.id}` },
      { method: 'PATCH' as const, url: `/api/users/passkeys/${added.id}`, payload: { name: 'Renamed' } },
      { method: 'POST' as const, url: '/api/users/passkeys/reauth', payload: { password: 'whatever' } },
    ]) {
      const refused = await t.app.inject({ ...request, headers });
      expect(refused.statusCode, request.method).toBe(403);
      expect(refused.json().message).toMatch(/Impersonation is read-only/);
    }
    expect((await browser.get('/api/users/passkeys')).json().passkeys).toHaveLength(1);
  });

  it('a deleted account loses its passkeys', async () => {
    const { userId, authenticator } = await accountWithPasskey();
    const admin = await t.createUser({ role: 'admin' });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/users/${userId}`, headers: admin.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, userId))).toEqual([]);
    const other = new Browser(t);
    const refused = await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other)) });
    expect(refused.statusCode).toBe(401);
  });
});

describe('staff required to use two-factor', () => {
  it('a session that used a passkey satisfies it; a password-only session does not', async () => {
    const { putSettings } = await import('../../../src/services/platform/settings');
    const { browser, userId } = await account();
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
    const authenticator = new SoftwareAuthenticator();
    await putSettings(t.database.db, { requireStaffTwoFactor: true }, null);
    try {
      const refused = await browser.get('/api/users/kyc/pending');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/or sign in with a passkey/);
      // Adding a passkey counts for this session, as turning on an authenticator app does.
      await addPasskey(browser, authenticator);
      expect((await browser.get('/api/users/kyc/pending')).statusCode).toBe(200);

      const passwordOnly = await createSession(t.database.db, userId);
      const withPassword = await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: { authorization: `Bearer ${passwordOnly.token}` } });
      expect(withPassword.statusCode).toBe(403);

      const other = new Browser(t);
      expect((await other.post('/api/users/passkeys/login/verify', { response: authenticator.get(await loginOptions(other)) })).statusCode).toBe(200);
      expect((await other.get('/api/users/kyc/pending')).statusCode).toBe(200);
      const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(1);
      expect(session!.revokedAt).toBeNull();
    } finally {
      await putSettings(t.database.db, { requireStaffTwoFactor: false }, null);
    }
  });
});
