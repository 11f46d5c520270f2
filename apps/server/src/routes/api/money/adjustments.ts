import { adjustAnswerSchema, adjustmentSchema, feesToggleAnswerSchema, feesToggleSchema, idParam, ledgerReportSchema, moneySummarySchema } from '@app/shared';
import type { App } from '../../../plugins/types';
import { currentUser } from '../../../plugins/session';
import { auditActor } from '../../../services/platform/audit';
import { checkLedger } from '../../../services/admin/solvency';
import { adjustUserMoney, toggleFees, userMoneySummary, type AdjustmentTarget } from '../../../services/money/adjustments';
import { withIdempotency } from '../../../services/platform/idempotency';
import { routeOptions } from '../../route-options';

const route = routeOptions('money');

/** Staff: a user's figures, balance, profit and fee adjustments, the fees card, and the ledger check. */
export async function adjustmentRoutes(app: App) {
  app.get(
    '/api/ledger/verify',
    route.staff(
      'Re-derive every balance from the postings and check every journal balances (staff, read-only)',
      { response: { 200: ledgerReportSchema } },
    ),
    async () => checkLedger(app.deps.db),
  );

  app.get(
    '/api/money/users/:id',
    route.staff("A user's figures for the staff edit pages", { params: idParam, response: { 200: moneySummarySchema } }),
    async (request) => userMoneySummary(app.deps.db, currentUser(request), request.params.id),
  );

  const adjustments: Array<[string, AdjustmentTarget, string]> = [
    ['updateDepositBalance', 'profit', 'Add to or deduct from total profit (wallet follows), with a reason (staff)'],
    ['editDepositBalance', 'balance', 'Add to or deduct from the wallet balance, with a reason (staff)'],
    ['update-fees', 'fees', 'Charge (add) or refund (deduct) a fee, with a reason (staff)'],
  ];
  for (const [path, target, summary] of adjustments) {
    app.put(
      `/api/users/${path}/:id`,
      route.staff(
        `${summary}; above the four-eyes threshold 202: recorded for a second staff member. Honours Idempotency-Key.`,
        { params: idParam, body: adjustmentSchema, response: { 200: adjustAnswerSchema, 202: adjustAnswerSchema } },
      ),
      (request, reply) =>
        withIdempotency(request, reply, (deps) => adjustUserMoney(deps, currentUser(request), auditActor(request), request.params.id, target, request.body), {
          status: (answer) => (answer.pendingApproval ? 202 : 200),
        }),
    );
  }

  app.put(
    '/api/users/fees-toggle/:id',
    route.staff(
      "Show or hide the fees card on the user's dashboard (staff)",
      { params: idParam, body: feesToggleSchema, response: { 200: feesToggleAnswerSchema } },
    ),
    async (request) => toggleFees(app.deps, currentUser(request), auditActor(request), request.params.id, request.body),
  );
}
