import { describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailOutbox, kycSubmissions, sessions, users } from '../../../src/db/schema';
import { setDocumentStore } from '../../../src/services/kyc/document-storage';
import { adjustBalance, adjustFees, adjustProfit, creditDeposit, holdForWithdrawal, settleInvestment, holdForInvestment } from '../../../src/ledger';
import { getUserBalances, moneyFigures } from '../../../src/ledger/balances';
import { userListResponseSchema } from '@app/shared';
import { type TestUser, useTestApp } from '../../helpers/build-test-app';
import { adminHelpers } from '../../helpers/admin-calls';

const t = useTestApp();

const { lastAudit, upgrade } = adminHelpers(t);

describe('GET /api/users/getUsers', () => {
  it('lists users for staff with role, verification, KYC, balances and counts; searches by name or email; pages by cursor', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const marker = `zeta${Date.now()}`;
    const a = await t.createUser({ name: `Zed ${marker} One`, isVerified: true });
    await t.createUser({ email: `${marker}-two@example.com`, isVerified: false, kycStatus: 'Pending' });
    await t.createUser({ role: 'suspended', name: `Sus ${marker}` });
    await t.database.db.transaction((tx) => adjustBalance(tx, { userId: a.user.id, operation: 'add', amountCents: 12_345, reason: 'test', actorId: admin.user.id }));

    const response = await t.app.inject({ method: 'GET', url: `/api/users/getUsers?search=${marker}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.users).toHaveLength(3);
    const one = body.users.find((user: { _id: string }) => user._id === a.user.id);
    expect(one).toMatchObject({ role: 'subscriber', isVerified: true, kycStatus: 'Approved', balance: '123.45', investmentBalance: '0.00' });
    expect(one).not.toHaveProperty('passwordHash');
    expect(body.counts.all).toBeGreaterThanOrEqual(4);
    expect(body.counts.suspended).toBeGreaterThanOrEqual(1);
    expect(body.counts.verified).toBeLessThan(body.counts.all);

    const first = (await t.app.inject({ method: 'GET', url: `/api/users/getUsers?search=${marker}&limit=2`, headers: admin.headers })).json();
    expect(first).toMatchObject({ total: 3, nextCursor: expect.any(String) });
    expect(first.users).toHaveLength(2);
    const second = (await t.app.inject({ method: 'GET', url: `/api/users/getUsers?search=${marker}&limit=2&cursor=${first.nextCursor}`, headers: admin.headers })).json();
    expect(second).toMatchObject({ total: 3, nextCursor: null });
    expect(second.users).toHaveLength(1);
    expect(new Set([...first.users, ...second.users].map((user: { _id: string }) => user._id)).size).toBe(3);

    const byEmail = await t.app.inject({ method: 'GET', url: `/api/users/getUsers?search=${marker}-TWO@`, headers: admin.headers });
    expect(byEmail.json().users).toHaveLength(1);
  });

  it("shows each user's five figures as their own account shows them, and zeros for a user without accounts", async () => {
    // The list writes the figures in its statement (JSON text); the user's own reads format them in JavaScript.
    const admin = await t.createUser({ role: 'admin' });
    const marker = `figures${Date.now()}`;
    const funded = await t.createUser({ name: `Funded ${marker}` });
    const empty = await t.createUser({ name: `Empty ${marker}` });
    const userId = funded.user.id;
    await t.database.db.transaction(async (tx) => {
      await adjustBalance(tx, { userId, operation: 'add', amountCents: 1_000_07, reason: 'test', actorId: admin.user.id });
      await holdForWithdrawal(tx, { userId, withdrawalId: `w-${marker}`, amountCents: 250_01 });
      await holdForInvestment(tx, { userId, investmentId: `i-${marker}`, amountCents: 300_00 });
      await settleInvestment(tx, { investmentId: `i-${marker}`, actorId: admin.user.id });
      await adjustProfit(tx, { userId, operation: 'add', amountCents: 12_34, reason: 'test', actorId: admin.user.id });
      await adjustFees(tx, { userId, operation: 'add', amountCents: 5_06, reason: 'test', actorId: admin.user.id });
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/users/getUsers?search=${marker}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const listed = userListResponseSchema.parse(response.json());
    const own = moneyFigures(await getUserBalances(t.database.db, userId));
    expect(own).toEqual({ balance: '707.35', availableBalance: '457.34', investmentBalance: '300.00', totalMaturityAmount: '12.34', fees: '5.06' });
    expect(listed.users.find((user) => user._id === userId)).toMatchObject(own);
    expect(listed.users.find((user) => user._id === empty.user.id)).toMatchObject({ balance: '0.00', availableBalance: '0.00', investmentBalance: '0.00', totalMaturityAmount: '0.00', fees: '0.00' });
  });

  it('keeps the counts equal to the users table through inserts, verification, suspension and deletion', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const db = t.database.db;
    const direct = async () => {
      const [row] = await db
        .select({
          all: sql<string>`count(*)`,
          verified: sql<string>`count(*) filter (where ${users.isVerified})`,
          suspended: sql<string>`count(*) filter (where ${users.role} = 'suspended')`,
        })
        .from(users)
        .where(isNull(users.deletedAt));
      return { all: Number(row!.all), verified: Number(row!.verified), suspended: Number(row!.suspended) };
    };
    const listed = async () => (await t.app.inject({ method: 'GET', url: '/api/users/getUsers', headers: admin.headers })).json().counts;

    const a = await t.createUser({ isVerified: false });
    const b = await t.createUser({ isVerified: true });
    const marker = `count${Date.now()}`;
    await db.insert(users).values(
      [1, 2].map((n) => ({ id: `${marker}-${n}`, name: `Bulk ${n}`, email: `${marker}-${n}@example.com`, referralCode: `${marker}${n}`, isVerified: n === 1 })),
    );
    expect(await listed()).toEqual(await direct());

    await db.update(users).set({ isVerified: true }).where(eq(users.id, a.user.id));
    await db.update(users).set({ role: 'suspended' }).where(eq(users.id, b.user.id));
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, b.user.id));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, `${marker}-1`));
    await db.delete(users).where(eq(users.id, `${marker}-2`));
    expect(await listed()).toEqual(await direct());
  });

  it('treats % and _ in the search as text', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const response = await t.app.inject({ method: 'GET', url: '/api/users/getUsers?search=%25%25', headers: admin.headers });
    expect(response.json().total).toBe(0);
    // An empty page still carries the counts (read apart: no row brings them).
    const list = (await t.app.inject({ method: 'GET', url: '/api/users/getUsers', headers: admin.headers })).json();
    expect(response.json().counts).toEqual(list.counts);
    expect(list.counts.all).toBeGreaterThan(0);
  });

  it('is staff only', async () => {
    const user = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/getUsers', headers: user.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/getUsers' })).statusCode).toBe(401);
    const author = await t.createUser({ role: 'author' });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/getUsers', headers: author.headers })).statusCode).toBe(200);
  });
});

describe('POST /api/users/upgradeUser', () => {
  it("says 'Please select a role' when none is chosen", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    for (const body of [{ id: target.user.id }, { id: target.user.id, role: '' }, { id: target.user.id, role: 'king' }]) {
      const response = await upgrade(admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please select a role');
    }
  });

  it('lets an admin promote a subscriber, audits it and emails the user', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    const response = await upgrade(admin, { id: target.user.id, role: 'author' });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row!.role).toBe('author');
    const audit = await lastAudit('user.role_change');
    expect(audit).toMatchObject({ actorId: admin.user.id, targetId: target.user.id, before: { role: 'subscriber' }, after: { role: 'author' } });
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, target.user.email), eq(emailOutbox.kind, 'role-changed')));
    expect(mail?.text).toContain('author');
  });

  it('refuses acting on yourself', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const response = await upgrade(admin, { id: admin.user.id, role: 'subscriber' });
    expect(response.statusCode).toBe(403);
  });

  it('lets staff act only on lower roles', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const otherAdmin = await t.createUser({ role: 'admin' });
    const author = await t.createUser({ role: 'author' });
    const otherAuthor = await t.createUser({ role: 'author' });
    const subscriber = await t.createUser();
    // Another admin's role goes only through a third admin's approval (four-eyes-roles.test.ts): recorded, not changed.
    expect((await upgrade(admin, { id: otherAdmin.user.id, role: 'subscriber' })).statusCode).toBe(202);
    expect((await upgrade(author, { id: otherAuthor.user.id, role: 'subscriber' })).statusCode).toBe(403);
    expect((await upgrade(author, { id: admin.user.id, role: 'suspended' })).statusCode).toBe(403);
    expect((await upgrade(author, { id: subscriber.user.id, role: 'suspended' })).statusCode).toBe(200);
    expect((await upgrade(admin, { id: author.user.id, role: 'subscriber' })).statusCode).toBe(200);
  });

  it('only admins grant or remove staff roles; authors suspend and reinstate subscribers', async () => {
    const author = await t.createUser({ role: 'author' });
    const admin = await t.createUser({ role: 'admin' });
    const subscriber = await t.createUser();
    for (const role of ['admin', 'author'] as const) {
      const refused = await upgrade(author, { id: subscriber.user.id, role });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only an admin can grant or remove staff roles (author, admin)');
    }
    expect((await upgrade(author, { id: subscriber.user.id, role: 'suspended' })).statusCode).toBe(200);
    expect((await upgrade(author, { id: subscriber.user.id, role: 'subscriber' })).statusCode).toBe(200);
    expect((await upgrade(admin, { id: subscriber.user.id, role: 'author' })).statusCode).toBe(200);
    // Now staff: the author can no longer touch it; the admin can take the role back.
    expect((await upgrade(author, { id: subscriber.user.id, role: 'subscriber' })).statusCode).toBe(403);
    expect((await upgrade(admin, { id: subscriber.user.id, role: 'subscriber' })).statusCode).toBe(200);
    expect((await upgrade(admin, { id: subscriber.user.id, role: 'admin' })).statusCode).toBe(200);
  });

  it("suspending ends the user's sessions", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: target.headers })).statusCode).toBe(200);
    expect((await upgrade(admin, { id: target.user.id, role: 'suspended' })).statusCode).toBe(200);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, target.user.id));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: target.headers })).statusCode).toBe(401);
  });

  it('404s an unknown user', async () => {
    const admin = await t.createUser({ role: 'admin' });
    expect((await upgrade(admin, { id: 'nobody', role: 'author' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/:id', () => {
  it('removes access and personal data, keeps the ledger, audits', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser({ name: 'Gone Soon' });
    // Money in and all the way out: history stays, balance zero.
    await t.database.db.transaction(async (tx) => {
      await adjustBalance(tx, { userId: target.user.id, operation: 'add', amountCents: 500, reason: 'in', actorId: admin.user.id });
      await adjustBalance(tx, { userId: target.user.id, operation: 'deduct', amountCents: 500, reason: 'out', actorId: admin.user.id });
    });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/users/${target.user.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ name: 'Deleted user', phone: '', bio: '', photo: null, passwordHash: null });
    expect(row!.email).not.toContain(target.user.email);
    expect(row!.deletedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/getUser', headers: target.headers })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: target.user.email, password: 'Passw0rd!' } });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    const journals = await t.database.db.execute(`select count(*)::int as n from ledger_journals where user_id = '${target.user.id}'`);
    expect((journals as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    expect(await lastAudit('user.delete')).toMatchObject({ actorId: admin.user.id, targetId: target.user.id });
    // Gone from the list.
    const list = await t.app.inject({ method: 'GET', url: `/api/users/getUsers?search=Gone%20Soon`, headers: admin.headers });
    expect(list.json().total).toBe(0);
  });

  it('removes the identity document files too', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const target = await t.createUser();
    const deleted: string[] = [];
    setDocumentStore(t.app.deps, {
      put: async () => {},
      get: async () => null,
      delete: async (key) => {
        deleted.push(key);
      },
      check: async () => {},
    });
    await t.database.db.insert(kycSubmissions).values({
      id: `kyc-${target.user.id}`,
      userId: target.user.id,
      frontKey: 'front-key-1',
      backKey: 'back-key-1',
      frontMime: 'image/png',
      backMime: 'application/pdf',
      frontSize: 1,
      backSize: 1,
      submittedAt: new Date(),
    });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/users/${target.user.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(deleted.sort()).toEqual(['back-key-1', 'front-key-1']);
  });

  it('refuses with the reason while the account holds money, holds or investments', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const withBalance = await t.createUser();
    const withHold = await t.createUser();
    const withInvestment = await t.createUser();
    await t.database.db.transaction(async (tx) => {
      await creditDeposit(tx, { userId: withBalance.user.id, paymentId: 'p1', transactionId: 'DEP-1', amountCents: 1000, actorId: admin.user.id });
      await creditDeposit(tx, { userId: withHold.user.id, paymentId: 'p2', transactionId: 'DEP-2', amountCents: 1000, actorId: admin.user.id });
      await holdForWithdrawal(tx, { userId: withHold.user.id, withdrawalId: 'w1', amountCents: 1000 });
      await creditDeposit(tx, { userId: withInvestment.user.id, paymentId: 'p3', transactionId: 'DEP-3', amountCents: 1000, actorId: admin.user.id });
      await holdForInvestment(tx, { userId: withInvestment.user.id, investmentId: 'i1', amountCents: 1000 });
      await settleInvestment(tx, { investmentId: 'i1', actorId: admin.user.id });
    });
    const expectations: Array<[TestUser, string]> = [
      [withBalance, 'a balance of $10.00'],
      [withHold, '$10.00 on hold'],
      [withInvestment, '$10.00 in active investments'],
    ];
    for (const [user, reason] of expectations) {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/users/${user.user.id}`, headers: admin.headers });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain(reason);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.user.id));
      expect(row!.deletedAt).toBeNull();
    }
  });

  it('follows the role rules', async () => {
    const author = await t.createUser({ role: 'author' });
    const admin = await t.createUser({ role: 'admin' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${author.user.id}`, headers: author.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${admin.user.id}`, headers: author.headers })).statusCode).toBe(403);
    const subscriber = await t.createUser();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${subscriber.user.id}`, headers: subscriber.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${subscriber.user.id}`, headers: author.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${subscriber.user.id}`, headers: author.headers })).statusCode).toBe(404);
  });
});
