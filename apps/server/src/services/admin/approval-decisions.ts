import type { ApprovalDecisionAnswer } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { AuditActor } from '../platform/audit';
import { approvalViews, assertStillPending, closeApprovalRequest, loadApprovalRequest } from './approvals';
import { decideRoleRequest } from './roles';
import { applyAdjustment, loadTarget, type AdjustmentTarget } from '../money/adjustments';
import type { SessionUser } from '../auth/sessions';
import { decideWithdrawal } from '../money/withdrawals';

/**
 * POST /api/admin/approvals/:id/approve | reject: the second staff member's decision. An
 * adjustment is carried out (or dropped) with the closing of its request, in one transaction;
 * a withdrawal's approval goes through the withdrawal's own approval (payout proof included);
 * an admin's role change is decided by a third admin (roles.ts). A cancelled request is refused
 * with the reason it was cancelled.
 */
export async function decideApprovalRequest(
  deps: AppDeps,
  staff: SessionUser,
  actor: AuditActor,
  id: string,
  decision: 'Approved' | 'Rejected',
  input: { note?: string | undefined; txHash?: string | undefined },
): Promise<ApprovalDecisionAnswer> {
  const request = await loadApprovalRequest(deps.db, id);
  assertStillPending(request);
  if (request.kind === 'role') {
    await decideRoleRequest(deps, staff, actor, request, decision, input.note ?? null);
  } else if (request.kind === 'withdrawal' && decision === 'Approved') {
    await decideWithdrawal(deps, staff, actor, request.withdrawalId!, 'Approved', { notes: input.note, txHash: input.txHash });
  } else {
    await deps.db.transaction(async (tx) => {
      const user = await loadTarget(tx, staff, request.userId);
      await closeApprovalRequest(tx, actor, request, decision, staff, input.note ?? null, deps.now());
      if (decision === 'Approved') {
        await applyAdjustment(tx, deps, staff, actor, user, request.kind as AdjustmentTarget, {
          operation: request.operation!,
          amount: request.amountCents,
          reason: request.reason ?? '',
        });
      }
    });
  }
  const [view] = await approvalViews(deps.db, [await loadApprovalRequest(deps.db, id)]);
  return { message: decision === 'Approved' ? 'Approved and carried out' : 'Request rejected: nothing was changed', approval: view! };
}
