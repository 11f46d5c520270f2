import { z } from 'zod';
import { PAYMENT_STATUSES, paymentCreateSchema, paymentDecisionSchema } from '@app/shared';
import type { App } from '../../plugins/types';
import { currentUser, requireStaff, requireUser } from '../../plugins/session';
import { auditActor } from '../../services/audit';
import { withIdempotency } from '../../services/idempotency';
import { createPayment, decidePayment, depositAddresses, listPendingPayments, viewPayment } from '../../services/payments';

export const paymentView = z.object({
  _id: z.string(),
  transactionId: z.string(),
  amount: z.string(),
  asset: z.string().nullable(),
  txHash: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  notes: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
const answer = z.object({ message: z.string(), transaction: paymentView });

export async function paymentsRoutes(app: App) {
  app.post(
    '/api/payments/create',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Report a deposit (Pending until staff confirm). Honours Idempotency-Key.',
        body: paymentCreateSchema,
        response: { 201: answer },
      },
    },
    (request, reply) => withIdempotency(request, reply, () => createPayment(app.deps, currentUser(request), request.body), { status: 201 }),
  );

  app.get(
    '/api/payments/deposit-addresses',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        summary: "The platform's receiving address per supported asset (configured by staff)",
        response: { 200: z.object({ addresses: z.array(z.object({ asset: z.string(), address: z.string() })) }) },
      },
    },
    async () => ({ addresses: await depositAddresses(app.deps.db) }),
  );

  app.get(
    '/api/payments/pending-deposit',
    { preHandler: requireStaff, schema: { tags: ['payments'], summary: 'Pending deposits, oldest first (staff)', response: { 200: z.array(paymentView) } } },
    async () => listPendingPayments(app.deps.db),
  );

  app.get(
    '/api/payments/viewPaymentStatus/:transactionId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'One deposit (its owner or staff)',
        params: z.object({ transactionId: z.string().min(1).max(64) }),
        response: { 200: paymentView },
      },
    },
    async (request) => viewPayment(app.deps.db, currentUser(request), request.params.transactionId),
  );

  for (const [path, decision] of [
    ['confirmPayment', 'Confirmed'],
    ['rejectPayment', 'Rejected'],
  ] as const) {
    app.patch(
      `/api/payments/${path}`,
      {
        preHandler: requireStaff,
        schema: {
          tags: ['payments'],
          summary: `${decision === 'Confirmed' ? 'Confirm (credit)' : 'Reject'} a pending deposit (staff); 409 when already decided`,
          body: paymentDecisionSchema,
          response: { 200: answer },
        },
      },
      async (request) => decidePayment(app.deps, currentUser(request), auditActor(request), request.body, decision),
    );
  }
}
