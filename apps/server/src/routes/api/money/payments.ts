import {
  depositAddressQuerySchema,
  depositAddressResponseSchema,
  depositOptionsResponseSchema,
  onchainDepositsResponseSchema,
  paymentAnswerSchema,
  paymentCreateSchema,
  paymentDecisionSchema,
  paymentViewSchema,
  pendingPaymentListSchema,
  staffQueueQuerySchema,
} from '@app/shared';
import { z } from 'zod';
import type { App } from '../../../plugins/types';
import { sendJsonText } from '../../../plugins/response-serializer';
import { currentUser } from '../../../plugins/session';
import { auditActor } from '../../../services/platform/audit';
import { depositAddressFor, depositOptions, listOnchainDeposits } from '../../../services/money/chain-deposits';
import { withIdempotency } from '../../../services/platform/idempotency';
import { decidePayment } from '../../../services/money/payment-decisions';
import { createPayment, listPendingPayments, viewPayment } from '../../../services/money/payments';
import { routeOptions } from '../../route-options';

const route = routeOptions('payments');

export async function paymentsRoutes(app: App) {
  app.post(
    '/api/payments/create',
    route.user(
      'Report a deposit (Pending until staff confirm, or until the chain confirms the same transaction). Honours Idempotency-Key.',
      { body: paymentCreateSchema, response: { 201: paymentAnswerSchema } },
    ),
    (request, reply) => withIdempotency(request, reply, (deps) => createPayment(deps, currentUser(request), request.body), { status: 201 }),
  );

  app.get(
    '/api/payments/deposit-addresses',
    route.user(
      'The assets open for deposits: an own address per user where a watch-only key is set, else the shared receiving address (403 naming the missing step while deposits are closed)',
      { response: { 200: depositOptionsResponseSchema } },
    ),
    async (request) => ({ addresses: await depositOptions(app.deps, currentUser(request)) }),
  );

  app.get(
    '/api/payments/deposit-address',
    route.user(
      "The signed-in user's own deposit address for an asset (allocated once), or the shared address where its network has no watch-only key",
      { querystring: depositAddressQuerySchema, response: { 200: depositAddressResponseSchema } },
    ),
    async (request) => depositAddressFor(app.deps, currentUser(request), request.query.asset),
  );

  app.get(
    '/api/payments/onchain-deposits',
    route.user("The signed-in user's deposits detected on chain, newest first, with their confirmations", {
      response: { 200: onchainDepositsResponseSchema },
    }),
    async (request) => ({ deposits: await listOnchainDeposits(app.deps, currentUser(request)) }),
  );

  app.get(
    '/api/payments/pending-deposit',
    route.staff(
      "Pending deposits, oldest first, each with what the chain shows (staff); a page of `limit` (50) after `cursor`, the next page's cursor in the x-next-cursor header",
      { querystring: staffQueueQuerySchema, response: { 200: pendingPaymentListSchema } },
    ),
    async (request, reply) => {
      // The answer stays a list; the next page's cursor goes in a header.
      const page = await listPendingPayments(app.deps, request.query);
      if (page.nextCursor) void reply.header('x-next-cursor', page.nextCursor);
      return sendJsonText(reply, page.json);
    },
  );

  app.get(
    '/api/payments/viewPaymentStatus/:transactionId',
    route.user('One deposit (its owner or staff)', {
      params: z.object({ transactionId: z.string().min(1).max(64) }),
      response: { 200: paymentViewSchema },
    }),
    async (request) => viewPayment(app.deps, currentUser(request), request.params.transactionId),
  );

  for (const [path, decision] of [
    ['confirmPayment', 'Confirmed'],
    ['rejectPayment', 'Rejected'],
  ] as const) {
    app.patch(
      `/api/payments/${path}`,
      route.staff(
        `${decision === 'Confirmed' ? 'Confirm (credit; `amount` sets the USD value of a deposit detected in a non-USD asset)' : 'Reject'} a pending deposit (staff); 409 when already decided. Honours Idempotency-Key.`,
        { body: paymentDecisionSchema, response: { 200: paymentAnswerSchema } },
      ),
      (request, reply) => withIdempotency(request, reply, (deps) => decidePayment(deps, currentUser(request), auditActor(request), request.body, decision)),
    );
  }
}
