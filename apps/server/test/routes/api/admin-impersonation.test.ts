import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { emailOutbox, sessions, users } from '../../../src/db/schema';
import { type TestUser, useTestApp } from '../../helpers/build-test-app';
import { adminHelpers } from '../../helpers/admin-calls';

const t = useTestApp();

function cookieOf(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = list.find((cookie: string) => cookie.startsWith(`${name}=`));
  return found?.split(';')[0]!.slice(name.length + 1);
}

const { lastAudit, upgrade } = adminHelpers(t);

const impersonate = (headers: Record<string, string>, targetId: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/impersonate/${targetId}`, headers });

/** Starts impersonating targetId as the staff member signed in with `headers`: the viewing session's cookie value. */
const viewingSid = async (headers: Record<string, string>, targetId: string) => cookieOf(await impersonate(headers, targetId), 'sid');

describe('impersonation', () => {
  it('switches the cookie to a read-only session of the user, and exit restores the staff session', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser({ name: 'Viewed Person' });
    const staffCookie = `sid=${admin.token}`;
    const start = await impersonate({ cookie: staffCookie }, target.user.id);
    expect(start.statusCode).toBe(200);
    expect(start.json().message).toContain('Viewed Person');
    const sid = cookieOf(start, 'sid');
    const held = cookieOf(start, 'sid_staff');
    expect(sid).toBeTruthy();
    expect(sid).not.toBe(admin.token);
    expect(held).toBe(admin.token);
    const rawCookies = ([] as string[]).concat(start.headers['set-cookie'] as string[]);
    expect(rawCookies.find((c) => c.startsWith('sid_staff='))).toMatch(/HttpOnly/i);
    expect(rawCookies.find((c) => c.startsWith('sid_staff='))).toMatch(/Path=\/api\/users\/exit-impersonation/);

    const me = await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: { cookie: `sid=${sid}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: target.user.id, isImpersonated: true });

    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, target.user.id)).orderBy(desc(sessions.createdAt)).limit(1);
    expect(session).toMatchObject({ impersonatorId: admin.user.id });
    expect(session!.impersonatorSessionId).toBeTruthy();
    expect(await lastAudit('user.impersonate.start')).toMatchObject({ actorId: admin.user.id, targetId: target.user.id });

    // Read-only: a state-changing call is refused.
    const write = await t.app.inject({ method: 'PATCH', url: '/api/users/updateUser', headers: { cookie: `sid=${sid}` }, payload: { name: 'Hacked' } });
    expect(write.statusCode).toBe(403);

    const exit = await t.app.inject({ method: 'POST', url: '/api/users/exit-impersonation', headers: { cookie: `sid=${sid}; sid_staff=${held}` } });
    expect(exit.statusCode).toBe(200);
    expect(exit.json().restored).toBe(true);
    expect(cookieOf(exit, 'sid')).toBe(admin.token);
    expect(cookieOf(exit, 'sid_staff')).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: { cookie: `sid=${sid}` } })).statusCode).toBe(401);
    const back = await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: { cookie: `sid=${admin.token}` } });
    expect(back.json()).toMatchObject({ _id: admin.user.id, isImpersonated: false });
    expect(await lastAudit('user.impersonate.exit')).toMatchObject({ actorId: admin.user.id, targetId: target.user.id });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row!.lastLoginAt).toBeNull();
  });

  it('refuses impersonating yourself, your own role or higher', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const otherAdmin = await t.createUser({ role: 'admin' });
    const author = await t.createUser({ role: 'author' });
    const otherAuthor = await t.createUser({ role: 'author' });
    const go = (who: TestUser, id: string) => impersonate(who.headers, id);
    expect((await go(admin, admin.user.id)).statusCode).toBe(403);
    expect((await go(admin, otherAdmin.user.id)).statusCode).toBe(403);
    expect((await go(author, otherAuthor.user.id)).statusCode).toBe(403);
    expect((await go(author, admin.user.id)).statusCode).toBe(403);
    expect((await go(admin, author.user.id)).statusCode).toBe(200);
    const subscriber = await t.createUser();
    expect((await go(subscriber, author.user.id)).statusCode).toBe(403);
  });

  it('cannot impersonate again while impersonating; exit without impersonation is a 400', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const a = await t.createUser();
    const b = await t.createUser();
    const sid = await viewingSid(admin.headers, a.user.id);
    const again = await impersonate({ cookie: `sid=${sid}` }, b.user.id);
    expect(again.statusCode).toBe(403);
    const notImpersonating = await t.app.inject({ method: 'POST', url: '/api/users/exit-impersonation', headers: admin.headers });
    expect(notImpersonating.statusCode).toBe(400);
    expect(notImpersonating.json().message).toBe('You are not impersonating anyone');
  });

  it("ends a staff member's impersonation sessions when they are demoted", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const author = await t.createUser({ role: 'author' });
    const target = await t.createUser();
    const sid = await viewingSid(author.headers, target.user.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: { cookie: `sid=${sid}` } })).statusCode).toBe(200);
    expect((await upgrade(admin, { id: author.user.id, role: 'subscriber' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: { cookie: `sid=${sid}` } })).statusCode).toBe(401);
  });

  it('exit still returns the staff member when the viewed user was suspended meanwhile, but not after a logout', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    const sid = await viewingSid({ cookie: `sid=${admin.token}` }, target.user.id);
    expect((await upgrade(admin, { id: target.user.id, role: 'suspended' })).statusCode).toBe(200);
    const exit = await t.app.inject({ method: 'POST', url: '/api/users/exit-impersonation', headers: { cookie: `sid=${sid}; sid_staff=${admin.token}` } });
    expect(exit.statusCode).toBe(200);
    expect(exit.json().restored).toBe(true);
    expect(cookieOf(exit, 'sid')).toBe(admin.token);

    const other = await t.createUser();
    const sid2 = await viewingSid({ cookie: `sid=${admin.token}` }, other.user.id);
    const logout = await t.app.inject({ method: 'GET', url: '/api/users/logout', headers: { cookie: `sid=${sid2}` } });
    expect(logout.statusCode).toBe(200);
    // The logout cleared sid; only the held staff cookie is left.
    const afterLogout = await t.app.inject({ method: 'POST', url: '/api/users/exit-impersonation', headers: { cookie: `sid_staff=${admin.token}` } });
    expect(afterLogout.statusCode).toBe(400);
    expect(cookieOf(afterLogout, 'sid_staff')).toBe('');
  });

  it('exit with a staff cookie from another session does not restore it', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const other = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    const sid = await viewingSid(admin.headers, target.user.id);
    const exit = await t.app.inject({ method: 'POST', url: '/api/users/exit-impersonation', headers: { cookie: `sid=${sid}; sid_staff=${other.token}` } });
    expect(exit.statusCode).toBe(200);
    expect(exit.json().restored).toBe(false);
    expect(cookieOf(exit, 'sid')).toBe('');
  });
});

describe('POST /api/users/sendComposedEmail', () => {
  it('requires every field and valid emails', async () => {
    const author = await t.createUser({ role: 'author' });
    const valid = { send_to: 'x@example.com', reply_to: 'y@example.com', subject: 'Hi', message: 'Hello there' };
    for (const field of Object.keys(valid)) {
      const response = await t.app.inject({ method: 'POST', url: '/api/users/sendComposedEmail', headers: author.headers, payload: { ...valid, [field]: '' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('All fields are required');
    }
    const bad = await t.app.inject({ method: 'POST', url: '/api/users/sendComposedEmail', headers: author.headers, payload: { ...valid, reply_to: 'nope' } });
    expect(bad.json().message).toBe('Please enter a valid email');
  });

  it('goes through the outbox and is audited', async () => {
    const author = await t.createUser({ role: 'author' });
    const payload = { send_to: 'client@example.com', reply_to: 'desk@example.com', subject: 'Your account <review>', message: 'Line one\n\nLine two' };
    const response = await t.app.inject({ method: 'POST', url: '/api/users/sendComposedEmail', headers: author.headers, payload });
    expect(response.statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, response.json().id));
    expect(mail).toMatchObject({ toAddress: 'client@example.com', replyTo: 'desk@example.com', kind: 'composed', subject: 'Your account <review>' });
    expect(mail!.html).toContain('&lt;review&gt;');
    expect(mail!.text).toContain('Line two');
    expect(await lastAudit('email.compose')).toMatchObject({ actorId: author.user.id, after: { to: 'client@example.com' } });
  });

  it('is staff only and rate-limited', async () => {
    const subscriber = await t.createUser();
    const payload = { send_to: 'client@example.com', reply_to: 'desk@example.com', subject: 'S', message: 'M' };
    expect((await t.app.inject({ method: 'POST', url: '/api/users/sendComposedEmail', headers: subscriber.headers, payload })).statusCode).toBe(403);
    const author = await t.createUser({ role: 'author' });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/users/sendComposedEmail', headers: author.headers, payload })).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.at(-1)).toBe(429);
    // Another staff member has their own allowance.
    const other = await t.createUser({ role: 'author' });
    expect((await t.app.inject({ method: 'POST', url: '/api/users/sendComposedEmail', headers: other.headers, payload })).statusCode).toBe(200);
  });
});
