/**
 * Four eyes (maker-checker, PRODUCT §1.12): balance, profit and fee adjustments and withdrawal
 * approvals above the `fourEyesThresholdCents` setting are recorded by one staff member with
 * their reason and carried out only when a second one approves; nobody approves their own
 * request. Both steps are in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { formatCents, SELF_APPROVAL_MESSAGE, type ApprovalView } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { approvalRequests, users, type ApprovalKind, type ApprovalRequestRow } from '../../db/schema';
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
  input: { kind: ApprovalKind; userId: string; withdrawalId?: string; operation?: 'add' | 'deduct'; amountCents: number; reason: string | null; requestedBy: string; at: Date },
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
        amountCents: input.amountCents,
        reason: input.reason,
        requestedBy: input.requestedBy,
        requestedAt: input.at,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, 'approval_requests_pending_withdrawal_unique')) throw conflict('This withdrawal already waits for a second approver');
    throw error;
  }
  await recordAudit(tx, actor, {
    action: 'approval.request',
    targetType: input.kind === 'withdrawal' ? 'withdrawal' : 'user',
    targetId: input.withdrawalId ?? input.userId,
    after: { kind: input.kind, operation: input.operation ?? null, amount: formatCents(input.amountCents), requestId: row!.id },
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

/** The pending request for a withdrawal, locked, if there is one. */
export async function pendingWithdrawalApproval(tx: Tx, withdrawalId: string): Promise<ApprovalRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.withdrawalId, withdrawalId), eq(approvalRequests.status, 'Pending')))
    .limit(1)
    .for('update');
  return row;
}

/** The guarded end of a request: Pending -> Approved/Rejected by `decidedBy`; 409 when already decided. */
export async function closeApprovalRequest(
  tx: Tx,
  actor: AuditActor,
  request: ApprovalRequestRow,
  decision: 'Approved' | 'Rejected',
  decidedBy: SessionUser,
  note: string | null,
  at: Date,
): Promise<void> {
  if (decision === 'Approved' && request.requestedBy === decidedBy.id) throw forbidden(SELF_APPROVAL_MESSAGE);
  const [closed] = await tx
    .update(approvalRequests)
    .set({ status: decision, decidedBy: decidedBy.id, decidedAt: at, decisionNote: note })
    .where(and(eq(approvalRequests.id, request.id), eq(approvalRequests.status, 'Pending')))
    .returning({ id: approvalRequests.id });
  if (!closed) throw conflict('This request has already been decided');
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

/** GET /api/admin/approvals: what waits for a second approver, oldest first. */
export async function listPendingApprovals(deps: AppDeps): Promise<ApprovalView[]> {
  const rows = await deps.db.select().from(approvalRequests).where(eq(approvalRequests.status, 'Pending')).orderBy(asc(approvalRequests.requestedAt)).limit(500);
  return approvalViews(deps.db, rows);
}

export async function loadApprovalRequest(db: DbOrTx, id: string): Promise<ApprovalRequestRow> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).limit(1);
  if (!row) throw notFound('Approval request not found');
  return row;
}
