import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatCents, SEED_PLAN_TEXTS, SEED_PLANS } from '@app/shared';
import { auditLog } from '../../../src/db/schema';
import { buildTestApp, useTestApp } from '../../helpers/build-test-app';

const t = useTestApp();

interface Plan {
  _id: string;
  name: string;
  roiPercent: number;
  annualRatePercent: number;
  minAmount: string;
  maxAmount: string;
  durationSeconds: number;
  description: string;
  benefits: string[];
  retired: boolean;
}

describe('GET /api/invest/plans', () => {
  it('lists the six seeded SPEC §9 plans to anyone, money as decimal strings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/invest/plans' });
    expect(response.statusCode).toBe(200);
    const plans = response.json<Plan[]>();
    expect(plans.map((plan) => plan.name)).toEqual(SEED_PLANS.map((plan) => plan.name));
    for (const seed of SEED_PLANS) {
      const plan = plans.find((p) => p.name === seed.name)!;
      expect(plan.roiPercent).toBe(seed.roiPercent);
      expect(plan.minAmount).toBe(formatCents(seed.minCents));
      expect(plan.maxAmount).toBe(formatCents(seed.maxCents));
      expect(plan.durationSeconds).toBe(seed.durationSeconds);
      expect(plan.description).toBe(SEED_PLAN_TEXTS[seed.name]!.description);
      expect(plan.benefits).toEqual(SEED_PLAN_TEXTS[seed.name]!.benefits);
      expect(plan.retired).toBe(false);
    }
    // Simple annualisation: 8% per day is 2920% a year; 28% per two days is 5110%.
    expect(plans[0]!.annualRatePercent).toBe(2920);
    expect(plans[5]!.annualRatePercent).toBe(5110);
  });
});

describe('staff plan management', () => {
  it('refuses anonymous and subscriber callers', async () => {
    const subscriber = await t.createUser();
    const body = { name: 'Nope', roiPercent: 5, minAmount: 100, maxAmount: 200, durationSeconds: 60 };
    expect((await t.app.inject({ method: 'POST', url: '/api/invest/plans', payload: body })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/invest/plans', headers: subscriber.headers, payload: body })).statusCode).toBe(403);
  });

  it('creates, edits and retires a plan, audited; a retired plan leaves the public list', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invest/plans',
      headers: admin.headers,
      payload: { name: 'Sprint', roiPercent: '12.5', minAmount: '50', maxAmount: 1000, durationSeconds: 3600, benefits: ['a', 'b', 'c', 'd'] },
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json<Plan>();
    expect(plan).toMatchObject({ name: 'Sprint', roiPercent: 12.5, minAmount: '50.00', maxAmount: '1000.00', durationSeconds: 3600, retired: false });
    expect(plan.annualRatePercent).toBe(109_500); // 12.5% x 8760 one-hour terms a year

    const edited = await t.app.inject({ method: 'PATCH', url: `/api/invest/plans/${plan._id}`, headers: admin.headers, payload: { maxAmount: '2000.50' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Plan>().maxAmount).toBe('2000.50');

    const retired = await t.app.inject({ method: 'PATCH', url: `/api/invest/plans/${plan._id}`, headers: admin.headers, payload: { retired: true } });
    expect(retired.json<Plan>().retired).toBe(true);
    const list = (await t.app.inject({ method: 'GET', url: '/api/invest/plans' })).json<Plan[]>();
    expect(list.some((p) => p._id === plan._id)).toBe(false);
    const staffList = (await t.app.inject({ method: 'GET', url: '/api/invest/plans?includeRetired=true', headers: admin.headers })).json<Plan[]>();
    expect(staffList.some((p) => p._id === plan._id)).toBe(true);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, plan._id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['plan.create', 'plan.retire', 'plan.update']);
  });

  it('refuses bad input with 400 and duplicate names with 409', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/invest/plans', headers: admin.headers, payload: payload as object });
    expect((await post({ name: 'X', roiPercent: -1, minAmount: 1, maxAmount: 2, durationSeconds: 1 })).statusCode).toBe(400);
    expect((await post({ name: 'X', roiPercent: 1, minAmount: 5, maxAmount: 2, durationSeconds: 1 })).statusCode).toBe(400);
    expect((await post({ name: 'X', roiPercent: 1, minAmount: 1.234, maxAmount: 2, durationSeconds: 1 })).statusCode).toBe(400);
    expect((await post({ name: 'X', roiPercent: 1, minAmount: 1, maxAmount: 2, durationSeconds: 0.5 })).statusCode).toBe(400);
    const duplicate = await post({ name: 'basic', roiPercent: 1, minAmount: 1, maxAmount: 2, durationSeconds: 1 });
    expect(duplicate.statusCode).toBe(409);
    const basic = (await t.app.inject({ method: 'GET', url: '/api/invest/plans' })).json<Plan[]>()[0]!;
    const shrink = await t.app.inject({ method: 'PATCH', url: `/api/invest/plans/${basic._id}`, headers: admin.headers, payload: { minAmount: 500 } });
    expect(shrink.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'PATCH', url: '/api/invest/plans/nope', headers: admin.headers, payload: { retired: true } });
    expect(missing.statusCode).toBe(404);
  });

  it('is for admins only, with bounds: min below max, a term of at least an hour, up to 100% per term', async () => {
    const strict = await buildTestApp({ config: { planMinTermSeconds: 3600 } });
    try {
      const admin = await strict.createUser({ role: 'admin' });
      const author = await strict.createUser({ role: 'author' });
      const good = { name: 'Hourly', roiPercent: 1, minAmount: 100, maxAmount: 200, durationSeconds: 3600 };
      const post = (who: typeof admin, payload: object) => strict.app.inject({ method: 'POST', url: '/api/invest/plans', headers: who.headers, payload });
      const byAuthor = await post(author, good);
      expect(byAuthor.statusCode).toBe(403);
      expect(byAuthor.json().message).toBe('Not authorized: admins only');
      for (const [payload, message] of [
        [{ ...good, maxAmount: 100 }, 'The maximum amount must be above the minimum amount'],
        [{ ...good, durationSeconds: 3599 }, "A plan's term must be at least 1 hour"],
        [{ ...good, roiPercent: '100.01' }, 'ROI must be at most 100% per term'],
      ] as const) {
        const refused = await post(admin, payload);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(message);
      }
      const created = await post(admin, { ...good, roiPercent: 100 });
      expect(created.statusCode).toBe(201);
      const plan = created.json<Plan>();
      expect((await strict.app.inject({ method: 'PATCH', url: `/api/invest/plans/${plan._id}`, headers: author.headers, payload: { retired: true } })).statusCode).toBe(403);
      const shorter = await strict.app.inject({ method: 'PATCH', url: `/api/invest/plans/${plan._id}`, headers: admin.headers, payload: { durationSeconds: 60 } });
      expect(shorter.statusCode).toBe(400);
      const audit = await strict.database.db.select().from(auditLog).where(eq(auditLog.targetId, plan._id));
      expect(audit.map((entry) => entry.action)).toEqual(['plan.create']);
    } finally {
      await strict.close();
    }
  });
});
