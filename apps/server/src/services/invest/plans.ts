import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { divideRoundHalfEven, formatCents, INVEST_MESSAGES, PLAN_RANGE_MESSAGE, type createPlanSchema, type PlanView, type updatePlanSchema } from '@app/shared';
import type { AppDeps } from '../../deps';
import { batchDeadlineOf, type DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { batchedRead } from '../../db/batched-read';
import { preparedPerDatabase } from '../../db/prepared';
import { plans, type PlanRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../platform/audit';

const YEAR_SECONDS = 365 * 86_400;

/** A rate in basis points as a percentage number (800 -> 8, 1250 -> 12.5). Rates only, never money. */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * The equivalent annual rate, in basis points: the term rate scaled to 365 days without
 * compounding (simple annualisation), rounded half-even. 8% per day -> 2920%.
 */
export function annualBasisPoints(roiBasisPoints: number, durationSeconds: number): number {
  return divideRoundHalfEven(BigInt(roiBasisPoints) * BigInt(YEAR_SECONDS), BigInt(durationSeconds));
}

export function planView(row: PlanRow): PlanView {
  return {
    _id: row.id,
    name: row.name,
    roiPercent: basisPointsToPercent(row.roiBasisPoints),
    annualRatePercent: basisPointsToPercent(annualBasisPoints(row.roiBasisPoints, row.durationSeconds)),
    minAmount: formatCents(row.minCents),
    maxAmount: formatCents(row.maxCents),
    durationSeconds: row.durationSeconds,
    description: row.description,
    benefits: row.benefits,
    retired: row.retired,
  };
}

/** The public plan list: read on every visit to the plan pages, so concurrent visits share a query. */
const openPlans = preparedPerDatabase((db) => {
  const statement = db.select().from(plans).where(eq(plans.retired, false)).orderBy(asc(plans.minCents), asc(plans.name)).prepare('open_plans');
  // One key: every visitor of a batch shares the rows read for it.
  return batchedRead<'open', PlanRow[]>({
    timeoutMs: batchDeadlineOf(db),
    load: async (keys) => {
      const rows = await statement.execute();
      return keys.map(() => rows);
    },
  });
});

/**
 * The public list is marketing, not terms: an investment reads its plan afresh (findPlan). So
 * each instance keeps the open plans for a second; this instance's own edits clear them at
 * once, another instance's show here within OPEN_PLANS_MAX_AGE_MS (ADR 0012).
 */
const OPEN_PLANS_MAX_AGE_MS = 1000;
const recentOpenPlans = new WeakMap<DbOrTx, { rows: readonly PlanRow[]; readAt: number; edits: number }>();
/** Edits made through this instance: a kept list read before the latest one is stale. */
let planEdits = 0;

/** Plans by amount range (the seeded order); retired ones only when asked. The rows may be shared: read them, do not change them. */
export async function listPlans(db: DbOrTx, options: { includeRetired?: boolean } = {}): Promise<readonly PlanRow[]> {
  if (options.includeRetired) return db.select().from(plans).orderBy(asc(plans.minCents), asc(plans.name));
  const recent = recentOpenPlans.get(db);
  if (recent && recent.edits === planEdits && Date.now() - recent.readAt < OPEN_PLANS_MAX_AGE_MS) return recent.rows;
  const [readAt, edits] = [Date.now(), planEdits];
  const rows = (await openPlans(db)('open')) ?? [];
  // A read that started before an edit here is not kept.
  if (edits === planEdits) recentOpenPlans.set(db, { rows, readAt, edits });
  return rows;
}

/** Finds a plan by id, or by name (case-insensitive). 404 with the product's text when absent. */
export async function findPlan(db: DbOrTx, ref: { planId?: string; planName?: string }): Promise<PlanRow> {
  let row: PlanRow | undefined;
  if (ref.planId) {
    [row] = await db.select().from(plans).where(eq(plans.id, ref.planId)).limit(1);
  } else if (ref.planName) {
    [row] = await db.select().from(plans).where(sql`lower(${plans.name}) = lower(${ref.planName})`).limit(1);
  }
  if (!row) throw notFound(INVEST_MESSAGES.planNotFound);
  return row;
}

type CreatePlan = z.output<typeof createPlanSchema>;
type UpdatePlan = z.output<typeof updatePlanSchema>;

function auditShape(row: PlanRow) {
  return {
    name: row.name,
    roiBasisPoints: row.roiBasisPoints,
    minCents: row.minCents,
    maxCents: row.maxCents,
    durationSeconds: row.durationSeconds,
    description: row.description,
    benefits: row.benefits,
    retired: row.retired,
  };
}

async function nameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'plans_name_unique')) throw conflict('A plan with this name already exists');
    throw error;
  }
}

/** The term of a new or edited plan: at least the configured minimum (one hour unless set lower). */
function checkTerm(deps: AppDeps, durationSeconds: number | undefined): void {
  const min = deps.config.planMinTermSeconds;
  if (durationSeconds !== undefined && durationSeconds < min) {
    throw badRequest(min % 3600 === 0 ? `A plan's term must be at least ${min / 3600} hour${min === 3600 ? '' : 's'}` : `A plan's term must be at least ${min} seconds`);
  }
}

export async function createPlan(deps: AppDeps, actor: AuditActor, input: CreatePlan): Promise<PlanRow> {
  checkTerm(deps, input.durationSeconds);
  return nameTaken(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(plans)
        .values({
          id: randomUUID(),
          name: input.name,
          roiBasisPoints: input.roiPercent,
          minCents: input.minAmount,
          maxCents: input.maxAmount,
          durationSeconds: input.durationSeconds,
          description: input.description,
          benefits: input.benefits,
          retired: input.retired,
        })
        .returning();
      await recordAudit(tx, actor, { action: 'plan.create', targetType: 'plan', targetId: row!.id, after: auditShape(row!) });
      return row!;
    }),
  ).finally(() => (planEdits += 1));
}

/**
 * Edits a plan. Running investments keep the rate and term they were made with (copied
 * onto the investment), so an edit only affects new investments; retiring stops those.
 */
export async function updatePlan(deps: AppDeps, actor: AuditActor, id: string, patch: UpdatePlan): Promise<PlanRow> {
  checkTerm(deps, patch.durationSeconds);
  return nameTaken(() =>
    deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(plans).where(eq(plans.id, id)).limit(1).for('update');
      if (!before) throw notFound(INVEST_MESSAGES.planNotFound);
      const minCents = patch.minAmount ?? before.minCents;
      const maxCents = patch.maxAmount ?? before.maxCents;
      if (maxCents <= minCents) throw badRequest(PLAN_RANGE_MESSAGE);
      const [row] = await tx
        .update(plans)
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.roiPercent !== undefined ? { roiBasisPoints: patch.roiPercent } : {}),
          minCents,
          maxCents,
          ...(patch.durationSeconds !== undefined ? { durationSeconds: patch.durationSeconds } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.benefits !== undefined ? { benefits: patch.benefits } : {}),
          ...(patch.retired !== undefined ? { retired: patch.retired } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(plans.id, id))
        .returning();
      const action = patch.retired === true && !before.retired ? 'plan.retire' : patch.retired === false && before.retired ? 'plan.unretire' : 'plan.update';
      await recordAudit(tx, actor, { action, targetType: 'plan', targetId: id, before: auditShape(before), after: auditShape(row!) });
      return row!;
    }),
  ).finally(() => (planEdits += 1));
}
