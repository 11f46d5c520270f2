import { z } from 'zod';
import { createPlanSchema, idParam, isStaff, planListSchema, planViewSchema, updatePlanSchema, type PlanView } from '@app/shared';
import { requireAdmin } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { createPlan, listPlans, planView, updatePlan } from '../../../services/invest/plans';
import { auditActor } from '../../../services/platform/audit';


/**
 * The open plans as answered, made once per read of them: visitors share a read (for up to a
 * second, ADR 0012), so they share its views and JSON too, checked against the schema here.
 */
type PlanRows = Awaited<ReturnType<typeof listPlans>>;

const openPlansAnswers = new WeakMap<PlanRows, { views: PlanView[]; json: string }>();
function openPlansAnswer(rows: PlanRows): { views: PlanView[]; json: string } {
  let answer = openPlansAnswers.get(rows);
  if (!answer) {
    const views = rows.map(planView);
    answer = { views, json: JSON.stringify(planListSchema.encode(views)) };
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
        response: { 200: planListSchema },
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
      schema: { tags: ['invest'], summary: 'Admins: create a plan (min below max, a term of at least an hour, 0-100% per term; audited)', body: createPlanSchema, response: { 201: planViewSchema } },
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
        params: idParam,
        body: updatePlanSchema,
        response: { 200: planViewSchema },
      },
    },
    async (request) => planView(await updatePlan(app.deps, auditActor(request), request.params.id, request.body)),
  );
}
