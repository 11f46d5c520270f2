/**
 * Role changes (PRODUCT §2 Roles, §1.12 Four eyes; issue 39). Staff change the roles of lower
 * accounts at once; an admin's demotion or suspension by another admin is a four-eyes request
 * that a third admin approves, and the last admin never loses the role. Whoever loses a staff
 * role loses their pending requests with it, in the same transaction.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES, APPROVAL_MESSAGES, grantableRoles, roleRank, type MessageAnswer, type Role } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { sessions, users, type ApprovalRequestRow, type UserRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { localizedEmail } from '../../email/locales';
import { recordAudit, type AuditActor } from '../platform/audit';
import { assertMayManage } from '../platform/staff';
import { revokeUserSessions, type SessionUser } from '../auth/sessions';
import { cancelRequestsOf, closeApprovalRequest, recordApprovalRequest } from './approvals';

/** Ends the sessions a staff member opened as other users (when they are suspended, demoted or deleted). */
export async function revokeImpersonationsBy(db: DbOrTx, staffId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.impersonatorId, staffId), isNull(sessions.revokedAt)));
}

export async function loadTarget(db: DbOrTx, id: string, lock = false): Promise<UserRow> {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.deletedAt) throw notFound(ADMIN_MESSAGES.userNotFound);
  return row;
}

/**
 * The active admins, their rows locked in one order (by id): whatever takes an admin's role
 * away takes these first, so two such changes at once run one after the other, and the second
 * counts the admins the first left.
 */
async function lockActiveAdmins(tx: Tx): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
}

function roleEmail(appUrl: string, user: UserRow, role: Role) {
  return localizedEmail(user, 'role-changed', ({ t }) =>
    role === 'suspended'
      ? {
          subject: t('suspended.subject'),
          heading: t('suspended.heading'),
          paragraphs: [t('common.greeting', { name: user.name }), t('suspended.body')],
        }
      : {
          subject: t('roleChanged.subject'),
          heading: t('roleChanged.heading'),
          paragraphs: [t('common.greeting', { name: user.name }), t('roleChanged.body', { role: t(`roleChanged.roles.${role}`) }), t('roleChanged.notExpected')],
          action: { label: t('common.goToAccount'), url: `${appUrl}/my-account` },
        },
  );
}

/**
 * Gives `target` (its row locked) the role: suspending ends their sessions, a demotion their
 * impersonations, losing a staff role their pending requests; audited, and the user is emailed.
 */
async function applyRoleChange(tx: Tx, deps: AppDeps, auditor: AuditActor, changedBy: string, target: UserRow, role: Role): Promise<void> {
  const at = deps.now();
  await tx.update(users).set({ role, updatedAt: at }).where(eq(users.id, target.id));
  if (role === 'suspended') await revokeUserSessions(tx, target.id);
  if (roleRank(role) < roleRank(target.role) || role === 'suspended') await revokeImpersonationsBy(tx, target.id);
  await cancelRequestsOf(tx, auditor, target.id, role, changedBy, at);
  await recordAudit(tx, auditor, {
    action: 'user.role_change',
    targetType: 'user',
    targetId: target.id,
    before: { role: target.role },
    after: { role },
  });
  await deps.outbox.enqueue(tx, roleEmail(deps.config.appUrl, target, role));
}

/**
 * POST /api/users/upgradeUser. On a lower account the change is made at once (202 is never
 * given then); an admin's role changed by another admin is recorded for a third admin (202).
 */
export async function changeRole(
  deps: AppDeps,
  auditor: AuditActor,
  actor: SessionUser,
  input: { id: string; role: Role },
): Promise<{ recorded: boolean; answer: MessageAnswer }> {
  return deps.db.transaction(async (tx) => {
    const target = await loadTarget(tx, input.id, true);
    if (target.role === 'admin' && actor.role === 'admin' && target.id !== actor.id) {
      if (input.role === 'admin') return { recorded: false, answer: { message: `${target.name} is already admin` } };
      await recordApprovalRequest(tx, auditor, { kind: 'role', userId: target.id, role: input.role, amountCents: 0, reason: null, requestedBy: actor.id, at: deps.now() });
      return { recorded: true, answer: { message: APPROVAL_MESSAGES.roleRequestRecorded.replace('{{name}}', target.name) } };
    }
    assertMayManage(actor, target);
    if (!grantableRoles(actor.role, target.role).includes(input.role)) {
      throw forbidden(actor.role === 'admin' ? ADMIN_MESSAGES.lowerRolesOnly : ADMIN_MESSAGES.onlyAdminsGrantStaff);
    }
    if (target.role === input.role) return { recorded: false, answer: { message: `${target.name} is already ${input.role}` } };
    await applyRoleChange(tx, deps, auditor, actor.id, target, input.role);
    return { recorded: false, answer: { message: `User role updated to ${input.role}` } };
  });
}

/**
 * POST /api/admin/approvals/:id/approve | reject for a 'role' request: decided by an admin who
 * is neither its requester (for an approval) nor the admin it demotes. Approved, it is carried
 * out in the same transaction, with every active admin's row locked: the requester must still
 * be an admin, the target too, and an admin must remain.
 */
export async function decideRoleRequest(
  deps: AppDeps,
  staff: SessionUser,
  auditor: AuditActor,
  request: ApprovalRequestRow,
  decision: 'Approved' | 'Rejected',
  note: string | null,
): Promise<void> {
  if (staff.role !== 'admin') throw forbidden(APPROVAL_MESSAGES.adminsOnly);
  if (staff.id === request.userId) throw forbidden(APPROVAL_MESSAGES.notTheTarget);
  await deps.db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    if (!admins.some((admin) => admin.id === staff.id)) throw forbidden(APPROVAL_MESSAGES.adminsOnly);
    await closeApprovalRequest(tx, auditor, request, decision, staff, note, deps.now());
    if (decision === 'Rejected') return;
    const target = admins.find((admin) => admin.id === request.userId);
    if (!target) throw conflict(APPROVAL_MESSAGES.targetChanged);
    if (admins.length < 2) throw conflict(APPROVAL_MESSAGES.lastAdmin);
    await applyRoleChange(tx, deps, auditor, staff.id, target, request.role!);
  });
}
