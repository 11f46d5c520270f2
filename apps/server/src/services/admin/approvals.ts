/**
 * Four eyes (maker-checker, PRODUCT §1.12): balance, profit and fee adjustments and withdrawal
 * approvals above the `fourEyesThresholdCents` setting are recorded by one staff member with
 * their reason and carried out only when a second one approves; nobody approves their own
 * request. Both steps are in the audit log. A request lives only as long as its requester holds
 * the role that made it (issue 39): losing it cancels the request in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { APPROVAL_MESSAGES, formatCents, isStaff, SELF_APPROVAL_MESSAGE, type ApprovalView, type Role } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { approvalRequests, users, type ApprovalKind, type ApprovalRequestRow, type UserRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, type AuditActor } from '../platform/audit';
import { getSettings } from '../platform/settings';
import type { SessionUser } from '../auth/sessions';

/** Whether moving `amountCents` needs a second staff member. */
export async function needsSecondApprover(db: DbOrTx, amountCents: number): Promise<boolean> {
  return amountCents > (await getSettings(db)).fourEyesThresholdCents;
}

/** Records a request for a second approver; one pending request per withdrawal. */
export async function recordApprovalRequest(
  tx: Tx,
  actor: AuditActor,
  input: { kind: ApprovalKind; userId: string; withdrawalId?: string; operation?: 'add' | 'deduct'; role?: Role; amountCents: number; reason: string | null; requestedBy: string; at: Date },
): Promise<ApprovalRequestRow> {
  let row: ApprovalRequestRow | undefined;
  try {
    [row] = await tx
      .insert(approvalRequests)
      .values({
        id: randomUUID(),
        kind: input.kind,
        userId: input.userId,
        withdrawalId: input.withdrawalId ?? null,
        operation: input.operation ?? null,
        role: input.role ?? null,
        amountCents: input.amountCents,
        reason: input.reason,
        requestedBy: input.requestedBy,
        requestedAt: input.at,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, 'approval_requests_pending_withdrawal_unique')) throw conflict('This withdrawal already waits for a second approver');
    if (isUniqueViolation(error, 'approval_requests_pending_role_unique')) throw conflict(APPROVAL_MESSAGES.roleRequestPending);
    throw error;
  }
  await recordAudit(tx, actor, {
    action: 'approval.request',
    targetType: input.kind === 'withdrawal' ? 'withdrawal' : 'user',
    targetId: input.withdrawalId ?? input.userId,
    after: { kind: input.kind, operation: input.operation ?? null, role: input.role ?? null, amount: formatCents(input.amountCents), requestId: row!.id },
    reason: input.reason,
  });
  return row!;
}

/**
 * A select expression: whether the withdrawal waits for a second approver (one Pending request
 * at most, approval_requests_pending_withdrawal_unique), for a page that reads the requests
 * only when it has such cases.
 */
export const awaitsSecondApproval = (withdrawalId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${approvalRequests} where ${approvalRequests.withdrawalId} = ${withdrawalId} and ${approvalRequests.status} = 'Pending')`;

/**
 * Locks the requester's row. Every path takes it before the request's row: a role change locks
 * the user, then cancels their requests; approving one locks the requester, then closes it. One
 * order, so the two wait for each other instead of deadlocking, and an approval sees the role
 * change (and its cancellation) or happens wholly before it.
 */
async function lockRequester(tx: Tx, requesterId: string): Promise<Pick<UserRow, 'role' | 'deletedAt'> | undefined> {
  const [row] = await tx.select({ role: users.role, deletedAt: users.deletedAt }).from(users).where(eq(users.id, requesterId)).limit(1).for('update');
  return row;
}

/** Whether someone with this role may still stand behind a request of this kind: any staff member, and an admin for a role change. */
function mayRequest(role: Role | 'deleted', kind: ApprovalKind): boolean {
  return kind === 'role' ? role === 'admin' : role !== 'deleted' && isStaff(role);
}

/** The pending request for a withdrawal, locked (after its requester's row), if there is one. */
export async function pendingWithdrawalApproval(tx: Tx, withdrawalId: string): Promise<ApprovalRequestRow | undefined> {
  const pending = and(eq(approvalRequests.withdrawalId, withdrawalId), eq(approvalRequests.status, 'Pending'));
  const [seen] = await tx.select({ requestedBy: approvalRequests.requestedBy }).from(approvalRequests).where(pending).limit(1);
  if (!seen) return undefined;
  await lockRequester(tx, seen.requestedBy);
  const [row] = await tx.select().from(approvalRequests).where(pending).limit(1).for('update');
  return row;
}

/** The 409 for a request that is no longer pending: why it was cancelled, or that it was decided. */
function notPending(row: Pick<ApprovalRequestRow, 'status' | 'decisionNote'> | undefined) {
  return conflict(row?.status === 'Cancelled' && row.decisionNote ? row.decisionNote : APPROVAL_MESSAGES.alreadyDecided);
}

/** Refuses at once a request that is no longer pending (the decision's transaction checks again). */
export function assertStillPending(request: ApprovalRequestRow): void {
  if (request.status !== 'Pending') throw notPending(request);
}

/**
 * The guarded end of a request: Pending -> Approved/Rejected by `decidedBy`; 409 when already
 * decided or cancelled, and an approval 409 when the requester no longer holds the role the
 * request needs (read with their row locked: a concurrent demotion is before or after).
 */
export async function closeApprovalRequest(
  tx: Tx,
  actor: AuditActor,
  request: ApprovalRequestRow,
  decision: 'Approved' | 'Rejected',
  decidedBy: SessionUser,
  note: string | null,
  at: Date,
): Promise<void> {
  if (decision === 'Approved') {
    if (request.requestedBy === decidedBy.id) throw forbidden(SELF_APPROVAL_MESSAGE);
    const requester = await lockRequester(tx, request.requestedBy);
    const [current] = await tx.select({ status: approvalRequests.status, decisionNote: approvalRequests.decisionNote }).from(approvalRequests).where(eq(approvalRequests.id, request.id)).limit(1);
    if (current?.status !== 'Pending') throw notPending(current);
    if (!requester || !mayRequest(requester.deletedAt ? 'deleted' : requester.role, request.kind)) throw conflict(APPROVAL_MESSAGES.requesterNotEntitled);
  }
  const [closed] = await tx
    .update(approvalRequests)
    .set({ status: decision, decidedBy: decidedBy.id, decidedAt: at, decisionNote: note })
    .where(and(eq(approvalRequests.id, request.id), eq(approvalRequests.status, 'Pending')))
    .returning({ id: approvalRequests.id });
  if (!closed) {
    const [current] = await tx.select({ status: approvalRequests.status, decisionNote: approvalRequests.decisionNote }).from(approvalRequests).where(eq(approvalRequests.id, request.id)).limit(1);
    throw notPending(current);
  }
  await recordAudit(tx, actor, {
    action: decision === 'Approved' ? 'approval.approve' : 'approval.reject',
    targetType: request.kind === 'withdrawal' ? 'withdrawal' : 'user',
    targetId: request.withdrawalId ?? request.userId,
    before: { status: 'Pending', requestedBy: request.requestedBy },
    after: { status: decision, kind: request.kind, amount: formatCents(request.amountCents), requestId: request.id },
    reason: note,
  });
}

/** Requests as the API shows them, with the names of the people involved. */
export async function approvalViews(db: DbOrTx, rows: ApprovalRequestRow[]): Promise<ApprovalView[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.userId, row.requestedBy, ...(row.decidedBy ? [row.decidedBy] : [])]))];
  const people = ids.length ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids)) : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const named = (id: string) => ({ _id: id, name: byId.get(id)?.name ?? 'Deleted account' });
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    user: { _id: row.userId, name: byId.get(row.userId)?.name ?? 'Deleted account', email: byId.get(row.userId)?.email ?? '' },
    withdrawalId: row.withdrawalId,
    operation: row.operation,
    role: row.role,
    amount: formatCents(row.amountCents),
    reason: row.reason,
    status: row.status,
    requestedBy: named(row.requestedBy),
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy ? named(row.decidedBy) : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
  }));
}

/** How long a cancelled request stays on the approvals page, so whoever would have decided it sees why it went. */
const CANCELLED_SHOWN_MS = 7 * 24 * 60 * 60 * 1000;

/** GET /api/admin/approvals: what waits for a second approver, oldest first, then the week's cancelled requests, newest first. */
export async function listPendingApprovals(deps: AppDeps): Promise<ApprovalView[]> {
  const [pending, cancelled] = await Promise.all([
    deps.db.select().from(approvalRequests).where(eq(approvalRequests.status, 'Pending')).orderBy(asc(approvalRequests.requestedAt)).limit(500),
    deps.db
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.status, 'Cancelled'), gt(approvalRequests.decidedAt, new Date(deps.now().getTime() - CANCELLED_SHOWN_MS))))
      .orderBy(desc(approvalRequests.decidedAt))
      .limit(100),
  ]);
  return approvalViews(deps.db, [...pending, ...cancelled]);
}

/** Why a requester's requests go when they become `role` (or are deleted); null when they keep them all. */
function cancellationNote(role: Role | 'deleted'): string | null {
  if (role === 'deleted') return APPROVAL_MESSAGES.cancelledDeleted;
  if (role === 'suspended') return APPROVAL_MESSAGES.cancelledSuspended;
  if (!isStaff(role)) return APPROVAL_MESSAGES.cancelledDemoted;
  return role === 'admin' ? null : APPROVAL_MESSAGES.cancelledNotAdmin;
}

/**
 * Cancels the pending requests `requester` may no longer stand behind now that they become
 * `role` (or are deleted), inside that change's transaction with their row locked: all of
 * them when they leave the staff, the role changes when an admin becomes an author. Each is
 * audited; the note tells the staff why. A request holds no money of its own (a withdrawal's
 * hold belongs to the withdrawal, which stays pending for another staff member), so there is
 * nothing to release.
 */
export async function cancelRequestsOf(tx: Tx, actor: AuditActor, requesterId: string, role: Role | 'deleted', cancelledBy: string, at: Date): Promise<void> {
  const note = cancellationNote(role);
  if (!note) return;
  const cancelled = await tx
    .update(approvalRequests)
    .set({ status: 'Cancelled', decidedBy: cancelledBy, decidedAt: at, decisionNote: note })
    .where(
      and(
        eq(approvalRequests.requestedBy, requesterId),
        eq(approvalRequests.status, 'Pending'),
        // An author keeps their adjustment and withdrawal requests; only the role changes need an admin.
        isStaff(role) ? eq(approvalRequests.kind, 'role') : undefined,
      ),
    )
    .returning();
  for (const request of cancelled) {
    await recordAudit(tx, actor, {
      action: 'approval.cancel',
      targetType: request.kind === 'withdrawal' ? 'withdrawal' : 'user',
      targetId: request.withdrawalId ?? request.userId,
      before: { status: 'Pending', requestedBy: request.requestedBy },
      after: { status: 'Cancelled', kind: request.kind, amount: formatCents(request.amountCents), role: request.role, requestId: request.id },
      reason: note,
    });
  }
}

export async function loadApprovalRequest(db: DbOrTx, id: string): Promise<ApprovalRequestRow> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).limit(1);
  if (!row) throw notFound('Approval request not found');
  return row;
}
