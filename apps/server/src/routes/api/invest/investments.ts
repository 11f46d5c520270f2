import { z } from 'zod';
import { createPlanSchema, INVEST_MESSAGES, INVESTMENT_STATUSES, isStaff, staffQueueQuerySchema, startInvestSchema, type PlanView, updatePlanSchema, upgradeInvestmentSchema } from '@app/shared';
import type { App } from '../../../plugins/types';
import { currentUser, requireAdmin, requireStaff, requireUser } from '../../../plugins/session';
import { auditActor } from '../../../services/platform/audit';
import { withIdempotency } from '../../../services/platform/idempotency';
import {
  approveInvestment,
  getOwnInvestment,
  investmentView,
  listPendingInvestments,
  listUserInvestments,
  matureDue,
  rejectInvestment,
  requestUpgrade,
  startInvestment,
} from '../../../services/invest/investments';
import type { PlanRow } from '../../../db/schema';
import { createPlan, listPlans, planView, updatePlan } from '../../../services/invest/plans';

const planSchema = z.object({
  _id: z.string(),
  name: z.string(),
  roiPercent: z.number(),
  annualRatePercent: z.number(),
  minAmount: z.string(),
  maxAmount: z.string(),
  durationSeconds: z.number(),
  description: z.string(),
  benefits: z.array(z.string()),
  retired: z.boolean(),
});
const planParam = z.object({ id: z.string().min(1).max(64) });
const planList = z.array(planSchema);

/**
 * The open plans as answered, made once per read of them: visitors share a read (for up to a
 * second, ADR 0012), so they share its views and JSON too, checked against the schema here.
 */
const openPlansAnswers = new WeakMap<readonly PlanRow[], { views: PlanView[]; json: string }>();
function openPlansAnswer(rows: readonly PlanRow[]): { views: PlanView[]; json: string } {
  let answer = openPlansAnswers.get(rows);
  if (!answer) {
    const views = rows.map(planView);
    answer = { views, json: JSON.stringify(planList.encode(views)) };
    openPlansAnswers.set(rows, answer);
  }
  return answer;
}

/** Plans: public list; staff create, edit and retire. */
export async function investPlanRoutes(app: App) {
  app.get(
    '/api/invest/plans',
    {
      schema: {
        tags: ['invest'],
        summary: 'Investment plans open for new investments (staff may add ?includeRetired=true)',
        querystring: z.object({ includeRetired: z.enum(['true', 'false']).optional() }),
        response: { 200: planList },
      },
    },
    async (request, reply) => {
      const includeRetired = isStaff(request.auth?.user.role) && request.query.includeRetired === 'true';
      const rows = await listPlans(app.deps.db, { includeRetired });
      if (includeRetired) return rows.map(planView);
      const { views, json } = openPlansAnswer(rows);
      return reply.type('application/json; charset=utf-8').serializer(() => json).send(views);
    },
  );

  app.post(
    '/api/invest/plans',
    {
      preHandler: requireAdmin,
      schema: { tags: ['invest'], summary: 'Admins: create a plan (min below max, a term of at least an hour, 0-100% per term; audited)', body: createPlanSchema, response: { 201: planSchema } },
    },
    async (request, reply) => {
      const row = await createPlan(app.deps, auditActor(request), request.body);
      return reply.status(201).send(planView(row));
    },
  );

  app.patch(
    '/api/invest/plans/:id',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['invest'],
        summary: 'Admins: edit or retire a plan (running investments keep their terms; audited)',
        params: planParam,
        body: updatePlanSchema,
        response: { 200: planSchema },
      },
    },
    async (request) => planView(await updatePlan(app.deps, auditActor(request), request.params.id, request.body)),
  );
}

const investmentSchema = z.object({
  _id: z.string(),
  investmentId: z.string(),
  plan: z.string(),
  planId: z.string(),
  roiPercent: z.number(),
  durationSeconds: z.number(),
  amount: z.string(),
  status: z.enum(INVESTMENT_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  maturityAmount: z.string(),
  expectedPayout: z.string(),
  kind: z.enum(['new', 'upgrade']),
  upgradeFrom: z.string().nullable(),
  upgradedTo: z.string().nullable(),
  topUp: z.string(),
  endReason: z.enum(['matured', 'upgraded']).nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  user: z
    .object({ _id: z.string(), name: z.string(), email: z.string(), balance: z.string(), availableBalance: z.string() })
    .optional(),
});
const idParam = z.object({ id: z.string().min(1).max(64) });
const decided = z.object({ message: z.string(), investment: investmentSchema });
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
        response: { 201: decided },
      },
    },
    (request, reply) =>
      withIdempotency(
        request,
        reply,
        async () => {
          const row = await startInvestment(app.deps, currentUser(request), request.body);
          return { message: INVEST_MESSAGES.submitted, investment: investmentView(row) };
        },
        { status: 201 },
      ),
  );

  app.get(
    '/api/invest/investment-history',
    { preHandler: requireUser, schema: { tags: ['invest'], summary: "The caller's investments, newest first", response: { 200: z.array(investmentSchema) } } },
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
        response: { 200: z.object({ pendingInvestments: z.array(investmentSchema), nextCursor: z.string().nullable() }) },
      },
    },
    async (request) => listPendingInvestments(app.deps.db, request.query),
  );

  app.get(
    '/api/invest/deposit-maturity',
    {
      preHandler: requireUser,
      schema: {
        tags: ['invest'],
        summary: "Matures the caller's investments that are due (the scheduled job does everyone's)",
        response: { 200: z.object({ message: z.string(), matured: z.number() }) },
      },
    },
    async (request) => {
      const matured = await matureDue(app.deps, { userId: currentUser(request).id });
      return { message: matured > 0 ? `${matured} investment${matured === 1 ? '' : 's'} matured` : 'No investments due', matured };
    },
  );

  app.get(
    '/api/invest/:id',
    { preHandler: requireUser, schema: { tags: ['invest'], summary: "One of the caller's investments", params: idParam, response: { 200: investmentSchema } } },
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
        response: { 201: decided },
      },
    },
    (request, reply) =>
      withIdempotency(
        request,
        reply,
        async () => {
          const row = await requestUpgrade(app.deps, currentUser(request), request.params.id, request.body);
          return { message: INVEST_MESSAGES.upgradeSubmitted, investment: investmentView(row) };
        },
        { status: 201 },
      ),
  );

  app.put(
    '/api/invest/:id/approve',
    { preHandler: requireStaff, schema: { tags: ['invest'], summary: 'Staff: approve (409 when already decided)', params: idParam, response: { 200: decided } } },
    async (request) => {
      const row = await approveInvestment(app.deps, auditActor(request), request.params.id);
      return { message: INVEST_MESSAGES.approved, investment: investmentView(row) };
    },
  );

  app.put(
    '/api/invest/:id/reject',
    {
      preHandler: requireStaff,
      schema: { tags: ['invest'], summary: 'Staff: reject, releasing the hold (409 when already decided)', params: idParam, body: rejectBody, response: { 200: decided } },
    },
    async (request) => {
      const row = await rejectInvestment(app.deps, auditActor(request), request.params.id, request.body?.notes || null);
      return { message: INVEST_MESSAGES.rejected, investment: investmentView(row) };
    },
  );
}
