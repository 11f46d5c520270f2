import { z } from 'zod';
import { createPlanSchema, isStaff, updatePlanSchema } from '@app/shared';
import type { App } from '../../plugins/types';
import { requireStaff } from '../../plugins/session';
import { auditActor } from '../../services/audit';
import { createPlan, listPlans, planView, updatePlan } from '../../services/plans';

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

/** Plans: public list; staff create, edit and retire. */
export async function investPlanRoutes(app: App) {
  app.get(
    '/api/invest/plans',
    {
      schema: {
        tags: ['invest'],
        summary: 'Investment plans open for new investments (staff may add ?includeRetired=true)',
        querystring: z.object({ includeRetired: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(planSchema) },
      },
    },
    async (request) => {
      const staffAsking = isStaff(request.auth?.user.role);
      const rows = await listPlans(app.deps.db, { includeRetired: staffAsking && request.query.includeRetired === 'true' });
      return rows.map(planView);
    },
  );

  app.post(
    '/api/invest/plans',
    {
      preHandler: requireStaff,
      schema: { tags: ['invest'], summary: 'Staff: create a plan', body: createPlanSchema, response: { 201: planSchema } },
    },
    async (request, reply) => {
      const row = await createPlan(app.deps.db, auditActor(request), request.body);
      return reply.status(201).send(planView(row));
    },
  );

  app.patch(
    '/api/invest/plans/:id',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['invest'],
        summary: 'Staff: edit or retire a plan (running investments keep their terms)',
        params: planParam,
        body: updatePlanSchema,
        response: { 200: planSchema },
      },
    },
    async (request) => planView(await updatePlan(app.deps.db, auditActor(request), request.params.id, request.body)),
  );
}
