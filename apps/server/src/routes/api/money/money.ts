import { z } from 'zod';
import { adjustmentSchema, approvalViewSchema, feesToggleSchema, historyQuerySchema, KYC_STATUSES } from '@app/shared';
import type { App } from '../../../plugins/types';
import { currentUser, requireStaff, requireUser } from '../../../plugins/session';
import { auditActor } from '../../../services/platform/audit';
import { historyCsv, transactionHistoryJson } from '../../../services/history/history';
import { adjustUserMoney, dashboard, seriesStart, toggleFees, userMoneySummary, type AdjustmentTarget } from '../../../services/money/adjustments';
import { verifyLedger } from '../../../ledger';

const moneySummary = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  hasFees: z.boolean(),
  balance: z.string(),
  availableBalance: z.string(),
  investmentBalance: z.string(),
  totalMaturityAmount: z.string(),
  fees: z.string(),
});
const adjustAnswer = z.object({ message: z.string(), user: moneySummary, pendingApproval: approvalViewSchema.nullable() });
const idParam = z.object({ id: z.string().min(1).max(64) });

export async function moneyRoutes(app: App) {
  app.get(
    '/api/money/dashboard',
    {
      preHandler: requireUser,
      config: { sessionWithDailyMovesSince: seriesStart },
      schema: {
        tags: ['money'],
        summary: "The signed-in user's figures (from the ledger) and balance over the last 30 days",
        response: {
          200: z.object({
            balance: z.string(),
            availableBalance: z.string(),
            investmentBalance: z.string(),
            totalMaturityAmount: z.string(),
            fees: z.string(),
            hasFees: z.boolean(),
            isVerified: z.boolean(),
            kycStatus: z.enum(KYC_STATUSES),
            series: z.object({ from: z.string(), to: z.string(), changes: z.array(z.object({ date: z.string(), balance: z.string() })) }),
          }),
        },
      },
    },
    async (request) => {
      const { balances, dailyMoves } = request.auth!;
      return dashboard(currentUser(request), balances!, dailyMoves!, app.deps.now());
    },
  );

  app.get(
    '/api/invest/getTransactionHistory',
    {
      preHandler: requireUser,
      schema: {
        tags: ['money'],
        summary: 'Deposits, withdrawals, adjustments and investments, newest first, with filters and a cursor',
        querystring: historyQuerySchema,
        response: { 200: z.object({ history: z.array(z.record(z.string(), z.unknown())), nextCursor: z.string().nullable() }) },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { type, status, cursor, limit, format } = request.query;
      if (format === 'csv') {
        const csv = await historyCsv(app.deps.db, { userId, type, status });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="transaction-history.csv"')
          .serializer((payload: unknown) => payload as string)
          .send(csv as never);
      }
      // The items are stored as JSON text (ADR 0019): sent as they are, not parsed and re-serialized.
      const json = await transactionHistoryJson(app.deps, { userId, type, status, cursor, limit });
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload: unknown) => payload as string)
        .send(json as never);
    },
  );

  app.get(
    '/api/ledger/verify',
    {
      preHandler: requireStaff,
      schema: { tags: ['money'], summary: 'Re-derive every balance from the postings and check every journal balances (staff, read-only)' },
    },
    async () => verifyLedger(app.deps.db),
  );

  app.get(
    '/api/money/users/:id',
    { preHandler: requireStaff, schema: { tags: ['money'], summary: "A user's figures for the staff edit pages", params: idParam, response: { 200: moneySummary } } },
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
      {
        preHandler: requireStaff,
        schema: {
          tags: ['money'],
          summary: `${summary}; above the four-eyes threshold 202: recorded for a second staff member`,
          params: idParam,
          body: adjustmentSchema,
          response: { 200: adjustAnswer, 202: adjustAnswer },
        },
      },
      async (request, reply) => {
        const answer = await adjustUserMoney(app.deps, currentUser(request), auditActor(request), request.params.id, target, request.body);
        return reply.status(answer.pendingApproval ? 202 : 200).send(answer);
      },
    );
  }

  app.put(
    '/api/users/fees-toggle/:id',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['money'],
        summary: "Show or hide the fees card on the user's dashboard (staff)",
        params: idParam,
        body: feesToggleSchema,
        response: { 200: z.object({ message: z.string(), user: moneySummary }) },
      },
    },
    async (request) => toggleFees(app.deps, currentUser(request), auditActor(request), request.params.id, request.body),
  );
}
