import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  type StaffQueueQuery,
  applyBasisPoints,
  divideRoundHalfEven,
  formatCents,
  formatUsd,
  INVEST_MESSAGES,
  type InvestmentView,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { jsonCents, jsonHundredths, jsonIso, jsonObject, jsonPageText, jsonValue } from '../../db/json-text';
import { investments, type InvestmentRow, type PlanRow } from '../../db/schema';
import { holdForInvestment } from '../../ledger';
import { walletFigures } from '../../ledger/balances';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newReferralCode } from '../auth/accounts';
import { requireMoneyAccess } from '../money/gating';
import { findPlan } from './plans';
import { caseListText, ownerJsonEntries, pendingQueue } from '../platform/requests';
import type { SessionUser } from '../auth/sessions';

// ---- Arithmetic (integer cents, basis points; documented in docs/decisions/0008-investments-maturity-upgrades.md) ----

/** Profit for a full term: amount x ROI, rounded half-even to the cent. */
export function termProfitCents(amountCents: number, roiBasisPoints: number): number {
  return applyBasisPoints(amountCents, roiBasisPoints);
}

/**
 * Profit for part of a term (plan upgrade): amount x ROI x elapsed / term, computed in one
 * integer division and rounded half-even to the cent. Elapsed is clamped to [0, term].
 */
export function proratedProfitCents(amountCents: number, roiBasisPoints: number, elapsedMs: number, termMs: number): number {
  const elapsed = Math.min(Math.max(0, Math.floor(elapsedMs)), termMs);
  return divideRoundHalfEven(BigInt(amountCents) * BigInt(roiBasisPoints) * BigInt(elapsed), 10_000n * BigInt(termMs));
}

// ---- Views ----

type UserSummary = NonNullable<InvestmentView['user']>;

export function investmentView(row: InvestmentRow, user?: UserSummary): InvestmentView {
  const profit = row.profitCents ?? (row.status === 'Rejected' ? 0 : termProfitCents(row.amountCents, row.roiBasisPoints));
  return {
    _id: row.id,
    investmentId: row.investmentId,
    plan: row.planName,
    planId: row.planId,
    roiPercent: row.roiBasisPoints / 100,
    durationSeconds: row.durationSeconds,
    amount: formatCents(row.amountCents),
    status: row.status,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    maturityAmount: formatCents(profit),
    expectedPayout: formatCents(row.status === 'Rejected' ? 0 : row.amountCents + profit),
    kind: row.kind,
    upgradeFrom: row.upgradeFromId,
    upgradedTo: row.upgradedToId,
    topUp: formatCents(row.topUpCents),
    endReason: row.endReason,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    ...(user ? { user } : {}),
  };
}

/** A requested investment of `amountCents` in `plan`, on the plan's terms as they are now. */
function newInvestment(user: SessionUser, plan: PlanRow, amountCents: number, at: Date): typeof investments.$inferInsert {
  return {
    id: randomUUID(),
    investmentId: `INV-${newReferralCode()}`,
    userId: user.id,
    planId: plan.id,
    planName: plan.name,
    roiBasisPoints: plan.roiBasisPoints,
    durationSeconds: plan.durationSeconds,
    amountCents,
    createdAt: at,
  };
}

/** The investment's page, for emails. */
export function investmentUrl(deps: AppDeps, row: InvestmentRow): string {
  return `${deps.config.appUrl.replace(/\/$/, '')}/investment/${row.id}`;
}

// ---- Requests ----

/**
 * The plan's range. The minimum investment is the lowest minimum of the open plans
 * (PRODUCT §2), so a plan's own range enforces it.
 */
export function assertAmountFitsPlan(plan: PlanRow, amountCents: number): void {
  if (amountCents < plan.minCents || amountCents > plan.maxCents) {
    throw badRequest(`The ${plan.name} plan accepts ${formatUsd(plan.minCents)} to ${formatUsd(plan.maxCents)}`);
  }
}

/**
 * POST /api/invest/start-invest: checks gating, plan and range, then records a Pending
 * investment and holds its amount (400 "Insufficient available balance" when the
 * available balance does not cover it), in one transaction.
 */
export async function startInvestment(
  deps: AppDeps,
  user: SessionUser,
  input: { amount: number; planId?: string; planName?: string },
): Promise<InvestmentRow> {
  requireMoneyAccess(user, 'invest');
  const plan = await findPlan(deps.db, { planId: input.planId, planName: input.planName });
  if (plan.retired) throw badRequest(INVEST_MESSAGES.planRetired);
  assertAmountFitsPlan(plan, input.amount);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(investments).values(newInvestment(user, plan, input.amount, at)).returning();
    await holdForInvestment(tx, {
      userId: user.id,
      investmentId: row!.id,
      amountCents: input.amount,
      label: `Investment in ${plan.name} requested (${formatUsd(input.amount)} held)`,
      at,
    });
    return row!;
  });
}

/**
 * POST /api/invest/:id/upgrade: an Active investment moves to a higher plan (higher term
 * rate). The top-up (zero allowed) is held now; principal + top-up must fit the new plan's
 * range. On approval the old investment ends with profit pro-rated to the elapsed time and
 * principal + that profit + top-up start the new term.
 */
export async function requestUpgrade(
  deps: AppDeps,
  user: SessionUser,
  investmentId: string,
  input: { planId?: string; planName?: string; topUpCents: number },
): Promise<InvestmentRow> {
  requireMoneyAccess(user, 'invest');
  const plan = await findPlan(deps.db, { planId: input.planId, planName: input.planName });
  if (plan.retired) throw badRequest(INVEST_MESSAGES.planRetired);
  const at = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(investments)
        .where(and(eq(investments.id, investmentId), eq(investments.userId, user.id)))
        .limit(1)
        .for('update');
      if (!current) throw notFound(INVEST_MESSAGES.notFound);
      if (current.status !== 'Active') throw conflict('Only an active investment can be upgraded');
      if (current.endDate && current.endDate.getTime() <= at.getTime()) throw conflict('This investment has reached maturity and can no longer be upgraded');
      if (plan.roiBasisPoints <= current.roiBasisPoints || plan.id === current.planId) {
        throw badRequest('Choose a plan with a higher rate than your current plan');
      }
      const total = current.amountCents + input.topUpCents;
      if (total < plan.minCents || total > plan.maxCents) {
        throw badRequest(
          `The ${plan.name} plan accepts ${formatUsd(plan.minCents)} to ${formatUsd(plan.maxCents)}; your ${formatUsd(current.amountCents)} plus the top-up gives ${formatUsd(total)}`,
        );
      }
      const upgrade = { kind: 'upgrade' as const, upgradeFromId: current.id, topUpCents: input.topUpCents };
      const [row] = await tx.insert(investments).values({ ...newInvestment(user, plan, total, at), ...upgrade }).returning();
      if (input.topUpCents > 0) {
        await holdForInvestment(tx, {
          userId: user.id,
          investmentId: row!.id,
          amountCents: input.topUpCents,
          label: `Upgrade to ${plan.name} requested (${formatUsd(input.topUpCents)} top-up held)`,
          at,
        });
      }
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'investments_pending_upgrade_unique')) throw conflict('An upgrade of this investment is already waiting for approval');
    throw error;
  }
}

// ---- Reading ----

export async function listUserInvestments(db: DbOrTx, userId: string): Promise<InvestmentRow[]> {
  return db.select().from(investments).where(eq(investments.userId, userId)).orderBy(desc(investments.createdAt), desc(investments.id));
}

/** The caller's own investment by _id or investmentId; someone else's is simply not found. */
export async function getOwnInvestment(db: DbOrTx, userId: string, id: string): Promise<InvestmentRow> {
  const [row] = await db
    .select()
    .from(investments)
    .where(and(eq(investments.userId, userId), sql`(${investments.id} = ${id} or ${investments.investmentId} = ${id})`))
    .limit(1);
  if (!row) throw notFound(INVEST_MESSAGES.notFound);
  return row;
}

/**
 * termProfitCents in SQL, for a statement that writes the profit itself: amount x ROI / 10,000,
 * half-even, in bigint arithmetic (a product past 2^63 is an error, not a wrong figure; a cents
 * figure past 2^53 was never exact in JS either).
 */
function termProfitCentsSql(amountCents: SQLWrapper, roiBasisPoints: SQLWrapper): SQL<number> {
  const product = sql`(${amountCents}::bigint * ${roiBasisPoints})`;
  const quotient = sql`(${product} / 10000)`;
  const twiceRemainder = sql`(${product} % 10000 * 2)`;
  return sql<number>`(${quotient} + case when ${twiceRemainder} > 10000 or (${twiceRemainder} = 10000 and ${quotient} % 2 = 1) then 1 else 0 end)`;
}

/**
 * A pending investment as the queue shows it (investmentView with its requester's summary:
 * investmentViewSchema's keys in order), written whole by the page's statement. Its cases are
 * Pending: the profit is the one recorded, else the term's (investmentView's Rejected branch does
 * not arise). The requester's figures come from their wallet and held accounts only.
 */
const queueProfit = sql`coalesce(${investments.profitCents}, ${termProfitCentsSql(investments.amountCents, investments.roiBasisPoints)})`;
const pendingInvestments = pendingQueue('pending_investments', investments, investments.createdAt, {
  view: jsonObject(
    [
      ['_id', jsonValue(investments.id)],
      ['investmentId', jsonValue(investments.investmentId)],
      ['plan', jsonValue(investments.planName)],
      ['planId', jsonValue(investments.planId)],
      ['roiPercent', jsonHundredths(investments.roiBasisPoints)],
      ['durationSeconds', jsonValue(investments.durationSeconds)],
      ['amount', jsonCents(investments.amountCents)],
      ['status', jsonValue(investments.status)],
      ['startDate', jsonIso(investments.startDate)],
      ['endDate', jsonIso(investments.endDate)],
      ['maturityAmount', jsonCents(queueProfit)],
      ['expectedPayout', jsonCents(sql`(${investments.amountCents} + ${queueProfit})`)],
      ['kind', jsonValue(investments.kind)],
      ['upgradeFrom', jsonValue(investments.upgradeFromId)],
      ['upgradedTo', jsonValue(investments.upgradedToId)],
      ['topUp', jsonCents(investments.topUpCents)],
      ['endReason', jsonValue(investments.endReason)],
      ['createdAt', jsonIso(investments.createdAt)],
      ['endedAt', jsonIso(investments.endedAt)],
      [
        'user',
        walletFigures(investments.userId, (cents) =>
          jsonObject([...ownerJsonEntries, ['balance', jsonCents(cents.balance)], ['availableBalance', jsonCents(cents.available)]]),
        ),
      ],
    ],
    { open: true },
  ) as SQL<string | null>,
});

/**
 * GET /api/invest/adminPendingInvestment: oldest first, each with its requester's name, email and
 * balances, as the JSON text of the page (the route sends it as it is): one statement a page.
 */
export async function listPendingInvestments(db: DbOrTx, query: StaffQueueQuery): Promise<string> {
  const { rows, nextCursor } = await pendingInvestments(db, query);
  return jsonPageText('pendingInvestments', caseListText(rows), nextCursor);
}
