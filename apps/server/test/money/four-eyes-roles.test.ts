/**
 * Four eyes after a role change (issue 39): a pending request goes (cancelled, audited, with a
 * note) when its requester loses the staff role, is suspended or deleted, and cannot be
 * approved afterwards; an admin loses the admin role only through a request a third admin
 * approves, and the last admin never does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APPROVAL_MESSAGES, type ApprovalView } from '@app/shared';
import { auditLog, users } from '../../src/db/schema';
import { verifyLedger } from '../../src/ledger';
import { putSettings } from '../../src/services/platform/settings';
import { buildTestApp, needsPostgres, type TestApp, type TestUser } from '../helpers/build-test-app';
import { BTC, figures, fund } from './helpers';

let t: TestApp;
let admin: TestUser;
let checker: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  // Above $500 needs two people here.
  await putSettings(t.database.db, { fourEyesThresholdCents: 50_000 }, null);
  admin = await t.createUser({ role: 'admin' });
  checker = await t.createUser({ role: 'admin' });
});
afterAll(async () => t.close());

const adjust = (app: TestApp, who: TestUser, userId: string, amount: string) =>
  app.app.inject({ method: 'PUT', url: `/api/users/editDepositBalance/${userId}`, headers: who.headers, payload: { operation: 'add', amount, reason: 'Goodwill credit' } });
const setRole = (app: TestApp, who: TestUser, id: string, role: string) => app.app.inject({ method: 'POST', url: '/api/users/upgradeUser', headers: who.headers, payload: { id, role } });
const decide = (app: TestApp, who: TestUser, id: string, action: 'approve' | 'reject' = 'approve') =>
  app.app.inject({ method: 'POST', url: `/api/admin/approvals/${id}/${action}`, headers: who.headers, payload: {} });
const listed = async (app: TestApp, who: TestUser) => (await app.app.inject({ method: 'GET', url: '/api/admin/approvals', headers: who.headers })).json().approvals as ApprovalView[];
const roleOf = async (app: TestApp, id: string) => (await app.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role;
const auditOf = (app: TestApp, action: string, targetId: string) => app.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

/** An author's $2,500 adjustment for a new subscriber, waiting for a second staff member. */
async function authorsRequest() {
  const author = await t.createUser({ role: 'author' });
  const user = await t.createUser();
  const recorded = await adjust(t, author, user.user.id, '2500');
  expect(recorded.statusCode).toBe(202);
  return { author, user, requestId: recorded.json().pendingApproval._id as string };
}

describe('a request goes with its requester', () => {
  for (const [change, note] of [
    ['suspended', APPROVAL_MESSAGES.cancelledSuspended],
    ['subscriber', APPROVAL_MESSAGES.cancelledDemoted],
  ] as const) {
    it(`the author made ${change}: the request is cancelled, audited, shown with its note, and approving it is refused`, async () => {
      const { author, user, requestId } = await authorsRequest();
      expect((await setRole(t, admin, author.user.id, change)).statusCode).toBe(200);

      const approved = await decide(t, checker, requestId);
      expect(approved.statusCode).toBe(409);
      expect(approved.json().message).toBe(note);
      expect((await figures(t, user)).balance).toBe('0.00');

      expect((await listed(t, checker)).find((item) => item._id === requestId)).toMatchObject({ status: 'Cancelled', decisionNote: note, decidedBy: { _id: admin.user.id } });
      const [entry] = await auditOf(t, 'approval.cancel', user.user.id);
      expect(entry).toMatchObject({ actorId: admin.user.id, reason: note, after: expect.objectContaining({ status: 'Cancelled', requestId }) });
    });
  }

  it('the author deleted: the request is cancelled with its note', async () => {
    const { author, requestId } = await authorsRequest();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${author.user.id}`, headers: admin.headers })).statusCode).toBe(200);
    const approved = await decide(t, checker, requestId);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(APPROVAL_MESSAGES.cancelledDeleted);
  });

  it('an author made admin keeps the request, and it can still be approved', async () => {
    const { author, user, requestId } = await authorsRequest();
    expect((await setRole(t, admin, author.user.id, 'admin')).statusCode).toBe(200);
    expect((await decide(t, checker, requestId)).statusCode).toBe(200);
    expect((await figures(t, user)).balance).toBe('2500.00');
  });

  it('a requester who lost the staff role without the cancellation (a race) cannot have the request approved', async () => {
    const { author, user, requestId } = await authorsRequest();
    // Straight in the database: what a role change committed between the page's read and the approval would leave.
    await t.database.db.update(users).set({ role: 'subscriber' }).where(eq(users.id, author.user.id));
    const approved = await decide(t, checker, requestId);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(APPROVAL_MESSAGES.requesterNotEntitled);
    expect((await figures(t, user)).balance).toBe('0.00');
  });

  it("a withdrawal's first approval goes with its author; the withdrawal stays pending with its hold, and a new first approval is recorded", async () => {
    const author = await t.createUser({ role: 'author' });
    const user = await t.createUser();
    await fund(t, user, checker, '800');
    const created = await t.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: user.headers, payload: { amount: '800', walletAddress: BTC } });
    const withdrawalId = created.json().withdrawal._id as string;
    const approve = (who: TestUser) => t.app.inject({ method: 'PUT', url: `/api/withDraw/approve/${withdrawalId}`, headers: who.headers, payload: {} });
    expect((await approve(author)).statusCode).toBe(202);
    const [request] = (await listed(t, checker)).filter((item) => item.withdrawalId === withdrawalId && item.status === 'Pending');

    expect((await setRole(t, admin, author.user.id, 'suspended')).statusCode).toBe(200);
    const fromQueue = await decide(t, checker, request!._id);
    expect(fromQueue.statusCode).toBe(409);
    expect(fromQueue.json().message).toBe(APPROVAL_MESSAGES.cancelledSuspended);
    const view = await t.app.inject({ method: 'GET', url: `/api/withDraw/get-withdrawal/${withdrawalId}`, headers: checker.headers });
    expect(view.json()).toMatchObject({ status: 'Pending', secondApproval: null });
    expect((await figures(t, user)).availableBalance).toBe('0.00');
    expect((await approve(checker)).statusCode).toBe(202);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});

describe("an admin's role, four eyes", () => {
  it('demoting another admin is recorded; neither the requester, the target nor an author decides it; a third admin carries it out', async () => {
    const target = await t.createUser({ role: 'admin' });
    const author = await t.createUser({ role: 'author' });
    const recorded = await setRole(t, admin, target.user.id, 'author');
    expect(recorded.statusCode).toBe(202);
    expect(recorded.json().message).toBe(APPROVAL_MESSAGES.roleRequestRecorded.replace('{{name}}', target.user.name));
    expect(await roleOf(t, target.user.id)).toBe('admin');
    const request = (await listed(t, checker)).find((item) => item.kind === 'role' && item.user._id === target.user.id);
    expect(request).toMatchObject({ status: 'Pending', role: 'author', requestedBy: { _id: admin.user.id } });
    expect((await setRole(t, checker, target.user.id, 'subscriber')).json().message).toBe(APPROVAL_MESSAGES.roleRequestPending);

    const refusals = [
      [admin, 'You cannot approve your own request: another staff member must approve it'],
      [target, APPROVAL_MESSAGES.notTheTarget],
      [author, APPROVAL_MESSAGES.adminsOnly],
    ] as const;
    for (const [who, message] of refusals) {
      const answer = await decide(t, who, request!._id);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(message);
    }
    expect(await roleOf(t, target.user.id)).toBe('admin');

    const approved = await decide(t, checker, request!._id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approval).toMatchObject({ status: 'Approved', kind: 'role', role: 'author', decidedBy: { _id: checker.user.id } });
    expect(await roleOf(t, target.user.id)).toBe('author');
    expect(await auditOf(t, 'user.role_change', target.user.id)).toMatchObject([{ actorId: checker.user.id, before: { role: 'admin' }, after: { role: 'author' } }]);
  });

  it("an admin demoted to author loses their pending role requests but keeps an adjustment's", async () => {
    const [requester, other, third] = await Promise.all([t.createUser({ role: 'admin' }), t.createUser({ role: 'admin' }), t.createUser({ role: 'admin' })]);
    const subscriber = await t.createUser();
    expect((await setRole(t, requester, other.user.id, 'suspended')).statusCode).toBe(202);
    const adjustment = (await adjust(t, requester, subscriber.user.id, '600')).json().pendingApproval._id as string;
    const demotion = await setRole(t, admin, requester.user.id, 'author');
    const demotionId = (await listed(t, checker)).find((item) => item.kind === 'role' && item.user._id === requester.user.id)!._id;
    expect(demotion.statusCode).toBe(202);
    expect((await decide(t, third, demotionId)).statusCode).toBe(200);

    const theirs = (await listed(t, checker)).filter((item) => item.requestedBy._id === requester.user.id);
    expect(theirs.map((item) => [item.kind, item.status, item.decisionNote]).sort()).toEqual([
      ['balance', 'Pending', null],
      ['role', 'Cancelled', APPROVAL_MESSAGES.cancelledNotAdmin],
    ]);
    expect(await roleOf(t, other.user.id)).toBe('admin');
    expect((await decide(t, checker, adjustment)).statusCode).toBe(200);
  });

  it("an admin's account is not deleted by another admin", async () => {
    const target = await t.createUser({ role: 'admin' });
    const answer = await t.app.inject({ method: 'DELETE', url: `/api/users/${target.user.id}`, headers: admin.headers });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(APPROVAL_MESSAGES.deleteAdmin);
  });

  it('with two admins, neither can remove the other: no third admin can approve it', async () => {
    const two = await buildTestApp();
    try {
      const [first, second] = await Promise.all([two.createUser({ role: 'admin' }), two.createUser({ role: 'admin' })]);
      expect((await setRole(two, first, second.user.id, 'subscriber')).statusCode).toBe(202);
      const [request] = await listed(two, first);
      expect((await decide(two, first, request!._id)).statusCode).toBe(403);
      expect((await decide(two, second, request!._id)).statusCode).toBe(403);
      expect((await setRole(two, second, second.user.id, 'subscriber')).statusCode).toBe(403);
      expect([await roleOf(two, first.user.id), await roleOf(two, second.user.id)]).toEqual(['admin', 'admin']);
    } finally {
      await two.close();
    }
  });

  it('two demotions approved at once, each removing the other request\'s requester: one goes through, the other is refused', needsPostgres, async () => {
    const pg = await buildTestApp({ postgres: true });
    try {
      const [a, b, c] = await Promise.all([pg.createUser({ role: 'admin' }), pg.createUser({ role: 'admin' }), pg.createUser({ role: 'admin' })]);
      // c asks to demote a, a asks to demote c; b approves both at once. Both done would leave b the only admin.
      expect((await setRole(pg, c, a.user.id, 'subscriber')).statusCode).toBe(202);
      expect((await setRole(pg, a, c.user.id, 'subscriber')).statusCode).toBe(202);
      const requests = await listed(pg, b);
      const answers = await Promise.all(requests.map((request) => decide(pg, b, request._id)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(APPROVAL_MESSAGES.cancelledDemoted);
      const admins = await pg.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(2);
    } finally {
      await pg.close();
    }
  });
});
