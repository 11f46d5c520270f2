import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  idParam,
  INVEST_MESSAGES,
  investmentAnswerSchema,
  investmentListSchema,
  investmentViewSchema,
  maturityAnswerSchema,
  pendingInvestmentListSchema,
  staffQueueQuerySchema,
  startInvestSchema,
  upgradeInvestmentSchema,
} from '@app/shared';
import type { AppDeps } from '../../../deps';
import type { App } from '../../../plugins/types';
import { sendJsonText } from '../../../plugins/response-serializer';
import { currentUser, requireStaff, requireUser } from '../../../plugins/session';
import { auditActor } from '../../../services/platform/audit';
import { withIdempotency } from '../../../services/platform/idempotency';
import { approveInvestment, rejectInvestment } from '../../../services/invest/decisions';
import { getOwnInvestment, investmentView, listPendingInvestments, listUserInvestments, requestUpgrade, startInvestment } from '../../../services/invest/investments';
import { matureDue } from '../../../services/invest/maturity';

/** What a request, an upgrade or a decision answers: the message and the investment as it now is. */
const answer = (message: string, row: Parameters<typeof investmentView>[0]) => ({ message, investment: investmentView(row) });
/** A request answered 201, replayed for the same Idempotency-Key. */
const created = <T>(request: FastifyRequest, reply: FastifyReply, run: (deps: AppDeps) => Promise<T>) => withIdempotency(request, reply, run, { status: 201 });
const rejectBody = z.object({ notes: z.string().trim().max(500).optional() }).nullish();

/** Investments: request, history, detail, upgrade, staff decisions, caller-triggered maturity. */
export async function investmentRoutes(app: App) {
  app.post(
    '/api/invest/start-invest',
    {
      preHandler: requireUser,
      schema: {
        tags: ['invest'],
        summary: 'Request an investment: holds the amount until staff decide (Idempotency-Key honoured)',
        body: startInvestSchema,
        response: { 201: investmentAnswerSchema },
      },
    },
    (request, reply) => created(request, reply, async (deps) => answer(INVEST_MESSAGES.submitted, await startInvestment(deps, currentUser(request), request.body))),
  );

  app.get(
    '/api/invest/investment-history',
    { preHandler: requireUser, schema: { tags: ['invest'], summary: "The caller's investments, newest first", response: { 200: investmentListSchema } } },
    async (request) => (await listUserInvestments(app.deps.db, currentUser(request).id)).map((row) => investmentView(row)),
  );

  app.get(
    '/api/invest/adminPendingInvestment',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['invest'],
        summary: 'Staff: investments waiting for a decision, oldest first; a page of `limit` (50) after `cursor`',
        querystring: staffQueueQuerySchema,
        response: { 200: pendingInvestmentListSchema },
      },
    },
    async (request, reply) => sendJsonText(reply, await listPendingInvestments(app.deps.db, request.query)),
  );

  app.get(
    '/api/invest/deposit-maturity',
    {
      preHandler: requireUser,
      schema: {
        tags: ['invest'],
        summary: "Matures the caller's investments that are due (the scheduled job does everyone's)",
        response: { 200: maturityAnswerSchema },
      },
    },
    async (request) => {
      const matured = await matureDue(app.deps, { userId: currentUser(request).id });
      return { message: matured > 0 ? `${matured} investment${matured === 1 ? '' : 's'} matured` : 'No investments due', matured };
    },
  );

  app.get(
    '/api/invest/:id',
    { preHandler: requireUser, schema: { tags: ['invest'], summary: "One of the caller's investments", params: idParam, response: { 200: investmentViewSchema } } },
    async (request) => investmentView(await getOwnInvestment(app.deps.db, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/api/invest/:id/upgrade',
    {
      preHandler: requireUser,
      schema: {
        tags: ['invest'],
        summary: 'Request a plan upgrade of an active investment; the top-up is held until staff decide',
        params: idParam,
        body: upgradeInvestmentSchema,
        response: { 201: investmentAnswerSchema },
      },
    },
    (request, reply) =>
      created(request, reply, async (deps) => answer(INVEST_MESSAGES.upgradeSubmitted, await requestUpgrade(deps, currentUser(request), request.params.id, request.body))),
  );

  app.put(
    '/api/invest/:id/approve',
    { preHandler: requireStaff, schema: { tags: ['invest'], summary: 'Staff: approve (409 when already decided; Idempotency-Key honoured)', params: idParam, response: { 200: investmentAnswerSchema } } },
    (request, reply) => withIdempotency(request, reply, async (deps) => answer(INVEST_MESSAGES.approved, await approveInvestment(deps, auditActor(request), request.params.id))),
  );

  app.put(
    '/api/invest/:id/reject',
    {
      preHandler: requireStaff,
      schema: { tags: ['invest'], summary: 'Staff: reject, releasing the hold (409 when already decided; Idempotency-Key honoured)', params: idParam, body: rejectBody, response: { 200: investmentAnswerSchema } },
    },
    (request, reply) =>
      withIdempotency(request, reply, async (deps) => answer(INVEST_MESSAGES.rejected, await rejectInvestment(deps, auditActor(request), request.params.id, request.body?.notes || null))),
  );
}
