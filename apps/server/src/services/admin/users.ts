import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, APPROVAL_MESSAGES, formatUsd, roleRank, type MessageAnswer } from '@app/shared';
import type { AppDeps } from '../../deps';
import { sessions, users } from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import { hashToken } from '../../lib/crypto';
import { getUserBalances } from '../../ledger/balances';
import { recordAudit, type AuditActor } from '../platform/audit';
import { purgeKycDocuments } from '../kyc/kyc';
import { createSession, findSession, revokeSession, revokeUserSessions, type SessionInfo, type SessionMeta, type SessionUser } from '../auth/sessions';
import { cancelRequestsOf } from './approvals';
import { loadTarget, revokeImpersonationsBy } from './roles';
import { assertMayManage } from '../platform/staff';
import { deletePasskeysOf } from '../auth/passkeys';

/**
 * Back-office user management (PRODUCT §2 Roles, Deleting a user, Impersonation).
 * Rules: nobody acts on themselves; staff act only on lower roles (admins on authors and
 * subscribers, authors on subscribers); only an admin grants the admin role. Role changes: roles.ts.
 */

// ------------------------------------------------------------------ delete

/**
 * DELETE /api/users/:id. Refused while the account has money on it; otherwise access goes
 * (sessions, password, Google link) and personal data goes (name, email, phone, bio,
 * photo, country, KYC document files), and the ledger history stays under the same id.
 */
export async function deleteUser(deps: AppDeps, auditor: AuditActor, actor: SessionUser, id: string): Promise<MessageAnswer> {
  const result = await deps.db.transaction(async (tx) => {
    const target = await loadTarget(tx, id, true);
    // An admin leaves through a four-eyes demotion first (roles.ts), so the last one never goes.
    if (target.role === 'admin' && actor.role === 'admin' && target.id !== actor.id) throw forbidden(APPROVAL_MESSAGES.deleteAdmin);
    assertMayManage(actor, target);
    const balances = await getUserBalances(tx, target.id);
    const heldCents = balances.balanceCents - balances.availableCents;
    const reasons: string[] = [];
    if (balances.availableCents > 0) reasons.push(`a balance of ${formatUsd(balances.availableCents)}`);
    if (heldCents > 0) reasons.push(`${formatUsd(heldCents)} on hold for pending requests`);
    if (balances.investedCents > 0) reasons.push(`${formatUsd(balances.investedCents)} in active investments`);
    if (reasons.length > 0) {
      throw conflict(`This account cannot be deleted while it holds money: ${reasons.join(', ')}.`);
    }
    const at = deps.now();
    await tx
      .update(users)
      .set({
        name: 'Deleted user',
        email: `deleted-${target.id}@deleted.invalid`,
        phone: '',
        bio: '',
        photo: null,
        country: '',
        passwordHash: null,
        googleSub: null,
        deletedAt: at,
        updatedAt: at,
      })
      .where(eq(users.id, target.id));
    await revokeUserSessions(tx, target.id);
    await revokeImpersonationsBy(tx, target.id);
    await cancelRequestsOf(tx, auditor, target.id, 'deleted', actor.id, at);
    await deletePasskeysOf(tx, target.id);
    await recordAudit(tx, auditor, {
      action: 'user.delete',
      targetType: 'user',
      targetId: target.id,
      before: { role: target.role, isVerified: target.isVerified, kycStatus: target.kycStatus },
      after: { deleted: true },
    });
    return { message: 'User deleted successfully' };
  });
  // Identity documents are personal data too: their files go once the deletion has committed.
  try {
    await purgeKycDocuments(deps, id);
  } catch (error) {
    deps.log.error({ err: error, userId: id }, 'could not remove the KYC documents of a deleted user');
  }
  return result;
}

// ------------------------------------------------------------------ impersonation

/** POST /api/users/impersonate/:id: a new read-only session for the target, linked to the staff session. */
export async function startImpersonation(
  deps: AppDeps,
  auditor: AuditActor,
  staff: { user: SessionUser; session: SessionInfo },
  targetId: string,
  meta: SessionMeta,
): Promise<{ token: string; message: string; name: string }> {
  return deps.db.transaction(async (tx) => {
    const target = await loadTarget(tx, targetId);
    if (staff.user.id === target.id) throw forbidden(ADMIN_MESSAGES.notYourself);
    if (roleRank(target.role) >= roleRank(staff.user.role)) throw forbidden('You can only impersonate accounts with a lower role than yours');
    if (target.role === 'suspended') throw badRequest('Suspended accounts cannot be viewed: change their role first');
    const { token } = await createSession(tx, target.id, {
      ...meta,
      impersonatorId: staff.user.id,
      impersonatorSessionId: staff.session.id,
    });
    await recordAudit(tx, auditor, {
      action: 'user.impersonate.start',
      targetType: 'user',
      targetId: target.id,
      after: { impersonatorSessionId: staff.session.id },
    });
    return { token, name: target.name, message: `You are now viewing the account of ${target.name}` };
  });
}

/**
 * POST /api/users/exit-impersonation: ends the impersonation session and hands back the staff
 * member's own session token when the browser still holds it (and it is the one that started).
 */
export async function exitImpersonation(
  deps: AppDeps,
  current: { user: SessionUser; session: SessionInfo } | null,
  currentToken: string | null,
  staffToken: string | null,
  ip: string | null,
): Promise<{ restoredToken: string | null; message: string }> {
  const staffSession = staffToken ? await findSession(deps.db, staffToken) : null;
  const impersonation = current?.session.impersonatorId ? current : null;
  // Signed in normally (not impersonating): there is nothing to exit, whatever cookie lingers.
  if (!impersonation && (current || !staffSession)) throw badRequest(ADMIN_MESSAGES.notImpersonating);
  // The held staff token is honoured only for the staff session that started this impersonation.
  let restorable = staffSession && impersonation?.session.impersonatorSessionId === staffSession.session.id ? staffSession : null;
  if (!impersonation && staffSession && currentToken) {
    // The impersonation session has ended under us (the user was suspended or deleted): the
    // browser still holds its token, which proves this exit belongs to that impersonation.
    // After a logout the token is gone, and so is the way back.
    const [ended] = await deps.db.select().from(sessions).where(eq(sessions.id, hashToken(currentToken))).limit(1);
    if (ended?.impersonatorSessionId === staffSession.session.id) restorable = staffSession;
  }
  if (!impersonation && !restorable) throw badRequest(ADMIN_MESSAGES.notImpersonating);
  await deps.db.transaction(async (tx) => {
    if (impersonation) await revokeSession(tx, impersonation.session.id);
    await recordAudit(
      tx,
      { actorId: impersonation?.session.impersonatorId ?? restorable?.user.id ?? null, impersonatorId: null, ip },
      {
        action: 'user.impersonate.exit',
        targetType: 'user',
        targetId: impersonation?.user.id,
        after: { restored: Boolean(restorable) },
      },
    );
  });
  return {
    restoredToken: restorable ? staffToken : null,
    message: restorable ? 'Welcome back' : 'Impersonation ended. Please sign in again.',
  };
}
