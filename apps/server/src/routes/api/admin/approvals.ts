import { z } from 'zod';
import { approvalDecisionAnswerSchema, approvalDecisionSchema, approvalListSchema } from '@app/shared';
import { currentUser, requireStaff } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { decideApprovalRequest } from '../../../services/admin/approval-decisions';
import { listPendingApprovals } from '../../../services/admin/approvals';
import { auditActor } from '../../../services/platform/audit';
import { withIdempotency } from '../../../services/platform/idempotency';

/** Staff: four eyes, the requests waiting for a second staff member. */
export async function approvalRoutes(app: App) {
  const tags = ['admin'];

  app.get(
    '/api/admin/approvals',
    {
      preHandler: requireStaff,
      schema: { tags, summary: "Staff: adjustments, withdrawals and admins' role changes waiting for another approver, oldest first, then the week's cancelled requests", response: { 200: approvalListSchema } },
    },
    async () => ({ approvals: await listPendingApprovals(app.deps) }),
  );

  for (const [action, decision] of [
    ['approve', 'Approved'],
    ['reject', 'Rejected'],
  ] as const) {
    app.post(
      `/api/admin/approvals/:id/${action}`,
      {
        preHandler: requireStaff,
        schema: {
          tags,
          summary: `Staff: ${action} a request of another staff member (nobody approves their own; a withdrawal's approval takes its payout txHash). Honours Idempotency-Key.`,
          params: z.object({ id: z.string().min(1).max(64) }),
          body: z.preprocess((value) => value ?? {}, approvalDecisionSchema),
          response: { 200: approvalDecisionAnswerSchema },
        },
      },
      (request, reply) =>
        withIdempotency(request, reply, (deps) => decideApprovalRequest(deps, currentUser(request), auditActor(request), request.params.id, decision, request.body)),
    );
  }
}
