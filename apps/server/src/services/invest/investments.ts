import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
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
import type { DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { afterKeyset, decodeKeyset, keysetAt, keysetPage } from '../../db/keyset';
import { investments, users, type InvestmentRow, type PlanRow, type UserRow } from '../../db/schema';
import { getUserBalances, holdForInvestment, releaseInvestmentHold, settleInvestment } from '../../ledger';
import { creditMaturities, rollOverIntoUpgrade } from '../../ledger/investments';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newReferralCode } from '../auth/accounts';
import { recordAudit, type AuditActor } from '../platform/audit';
import { requireMoneyAccess } from '../money/gating';
import { findPlan } from './plans';
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

async function userSummary(db: DbOrTx, user: Pick<UserRow, 'id' | 'name' | 'email'>): Promise<UserSummary> {
  const balances = await getUserBalances(db, user.id);
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    balance: formatCents(balances.balanceCents),
    availableBalance: formatCents(balances.availableCents),
  };
}

const newInvestmentId = () => `INV-${newReferralCode()}`;

function investmentUrl(deps: AppDeps, row: InvestmentRow): string {
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
    const [row] = await tx
      .insert(investments)
      .values({
        id: randomUUID(),
        investmentId: newInvestmentId(),
        userId: user.id,
        planId: plan.id,
        planName: plan.name,
        roiBasisPoints: plan.roiBasisPoints,
        durationSeconds: plan.durationSeconds,
        amountCents: input.amount,
        createdAt: at,
      })
      .returning();
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
      const [row] = await tx
        .insert(investments)
        .values({
          id: randomUUID(),
          investmentId: newInvestmentId(),
          userId: user.id,
          planId: plan.id,
          planName: plan.name,
          roiBasisPoints: plan.roiBasisPoints,
          durationSeconds: plan.durationSeconds,
          amountCents: total,
          kind: 'upgrade',
          upgradeFromId: current.id,
          topUpCents: input.topUpCents,
          createdAt: at,
        })
        .returning();
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

/** Staff queue, oldest first, with each requester's name, email and balances. */
export async function listPendingInvestments(db: DbOrTx, query: StaffQueueQuery): Promise<{ pendingInvestments: InvestmentView[]; nextCursor: string | null }> {
  const read = await db
    .select({ investment: investments, user: { id: users.id, name: users.name, email: users.email }, at: keysetAt(investments.createdAt) })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.userId))
    .where(and(eq(investments.status, 'Pending'), afterKeyset(investments.createdAt, investments.id, decodeKeyset(query.cursor))))
    .orderBy(investments.createdAt, investments.id)
    .limit(query.limit + 1);
  const { rows, nextCursor } = keysetPage(read, query.limit, (row) => ({ at: row.at, id: row.investment.id }));
  return { pendingInvestments: await Promise.all(rows.map(async (row) => investmentView(row.investment, await userSummary(db, row.user)))), nextCursor };
}

/**
 * History items for the merged transaction history (GET /api/invest/getTransactionHistory):
 * SPEC §3 "History item" with type 'Investment' and the timestamp from startDate (or the
 * request time while Pending/Rejected).
 */
export async function listInvestmentHistoryItems(db: DbOrTx, userId: string): Promise<Array<InvestmentView & { type: 'Investment'; timestamp: string }>> {
  const rows = await listUserInvestments(db, userId);
  // Object.assign rather than a spread-first literal (ADR 0014): once per investment.
  return rows.map((row) => Object.assign(investmentView(row), { type: 'Investment' as const, timestamp: (row.startDate ?? row.createdAt).toISOString() }));
}

// ---- Staff decisions ----

async function lockPending(tx: Tx, id: string): Promise<InvestmentRow> {
  const [row] = await tx.select().from(investments).where(eq(investments.id, id)).limit(1).for('update');
  if (!row) throw notFound(INVEST_MESSAGES.notFound);
  if (row.status !== 'Pending') throw conflict(INVEST_MESSAGES.alreadyDecided);
  return row;
}

async function ownerOf(tx: Tx, userId: string) {
  const [owner] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return owner;
}

/**
 * Approves a Pending investment exactly once (the row lock and status check; the ledger's
 * hold transition backs it up): the hold settles into invested and the term starts now.
 * For an upgrade, the old investment ends early and its money rolls into the new one.
 */
export async function approveInvestment(deps: AppDeps, actor: AuditActor, id: string): Promise<InvestmentRow> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const pending = await lockPending(tx, id);
    const endDate = new Date(at.getTime() + pending.durationSeconds * 1000);
    let amountCents = pending.amountCents;
    let ended: InvestmentRow | undefined;
    if (pending.kind === 'upgrade' && pending.upgradeFromId) {
      const [old] = await tx.select().from(investments).where(eq(investments.id, pending.upgradeFromId)).limit(1).for('update');
      if (!old || old.status !== 'Active' || !old.startDate) {
        throw conflict('The investment being upgraded has already ended; reject this upgrade to release the top-up');
      }
      const termMs = old.durationSeconds * 1000;
      const profit = proratedProfitCents(old.amountCents, old.roiBasisPoints, at.getTime() - old.startDate.getTime(), termMs);
      const { newPrincipalCents } = await rollOverIntoUpgrade(tx, {
        userId: pending.userId,
        fromInvestmentId: old.id,
        toInvestmentId: pending.id,
        principalCents: old.amountCents,
        profitCents: profit,
        topUpCents: pending.topUpCents,
        planName: pending.planName,
        actorId: actor.actorId,
        at,
      });
      amountCents = newPrincipalCents;
      [ended] = await tx
        .update(investments)
        .set({ status: 'Ended', endReason: 'upgraded', profitCents: profit, endedAt: at, upgradedToId: pending.id })
        .where(and(eq(investments.id, old.id), eq(investments.status, 'Active')))
        .returning();
    } else {
      await settleInvestment(tx, { investmentId: pending.id, actorId: actor.actorId, label: `Investment in ${pending.planName} started`, at });
    }
    const [row] = await tx
      .update(investments)
      .set({ status: 'Active', amountCents, decidedAt: at, decidedBy: actor.actorId, startDate: at, endDate })
      .where(and(eq(investments.id, pending.id), eq(investments.status, 'Pending')))
      .returning();
    if (!row) throw conflict(INVEST_MESSAGES.alreadyDecided);
    const owner = await ownerOf(tx, row.userId);
    if (owner) {
      const profit = termProfitCents(row.amountCents, row.roiBasisPoints);
      await deps.outbox.enqueue(tx, {
        to: owner.email,
        kind: 'investment-approved',
        content: {
          subject: ended ? 'Your plan upgrade was approved' : 'Your investment was approved',
          heading: ended ? `Upgraded to ${row.planName}` : 'Your investment is active',
          paragraphs: [
            `Hello ${owner.name},`,
            ended
              ? `Your previous investment ended early with ${formatUsd(ended.profitCents ?? 0)} profit. ${formatUsd(row.amountCents)} now runs in the ${row.planName} plan.`
              : `Your ${formatUsd(row.amountCents)} investment in the ${row.planName} plan has started.`,
            `It matures on ${endDate.toUTCString()} and is expected to pay ${formatUsd(row.amountCents + profit)} (${formatUsd(profit)} profit) into your wallet.`,
          ],
          action: { label: 'View investment', url: investmentUrl(deps, row) },
        },
      });
    }
    await recordAudit(tx, actor, {
      action: 'investment.approve',
      targetType: 'investment',
      targetId: row.id,
      before: { status: 'Pending', amountCents: pending.amountCents },
      after: {
        status: 'Active',
        amountCents: row.amountCents,
        startDate: at.toISOString(),
        endDate: endDate.toISOString(),
        ...(ended ? { upgradedFrom: ended.id, proratedProfitCents: ended.profitCents } : {}),
      },
    });
    return row;
  });
}

/** Rejects a Pending investment exactly once: the hold (or upgrade top-up) goes back to the wallet. */
export async function rejectInvestment(deps: AppDeps, actor: AuditActor, id: string, notes?: string | null): Promise<InvestmentRow> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const pending = await lockPending(tx, id);
    const held = pending.kind === 'upgrade' ? pending.topUpCents : pending.amountCents;
    if (held > 0) {
      await releaseInvestmentHold(tx, {
        investmentId: pending.id,
        actorId: actor.actorId,
        label: pending.kind === 'upgrade' ? `Upgrade to ${pending.planName} rejected: top-up released` : `Investment in ${pending.planName} rejected: funds released`,
        at,
      });
    }
    const [row] = await tx
      .update(investments)
      .set({ status: 'Rejected', decidedAt: at, decidedBy: actor.actorId, notes: notes ?? null, profitCents: 0 })
      .where(and(eq(investments.id, pending.id), eq(investments.status, 'Pending')))
      .returning();
    if (!row) throw conflict(INVEST_MESSAGES.alreadyDecided);
    const owner = await ownerOf(tx, row.userId);
    if (owner) {
      await deps.outbox.enqueue(tx, {
        to: owner.email,
        kind: 'investment-rejected',
        content: {
          subject: pending.kind === 'upgrade' ? 'Your plan upgrade was not approved' : 'Your investment was not approved',
          heading: pending.kind === 'upgrade' ? 'Upgrade not approved' : 'Investment not approved',
          paragraphs: [
            `Hello ${owner.name},`,
            pending.kind === 'upgrade'
              ? `Your upgrade to the ${row.planName} plan was not approved. Your current investment keeps running${held > 0 ? ` and the ${formatUsd(held)} top-up is available in your wallet again` : ''}.`
              : `Your ${formatUsd(row.amountCents)} investment in the ${row.planName} plan was not approved. The amount is available in your wallet again.`,
            ...(notes ? [`Note from our team: ${notes}`] : []),
          ],
        },
      });
    }
    await recordAudit(tx, actor, {
      action: 'investment.reject',
      targetType: 'investment',
      targetId: row.id,
      before: { status: 'Pending' },
      after: { status: 'Rejected', releasedCents: held },
      reason: notes ?? null,
    });
    return row;
  });
}

// ---- Maturity ----

export interface MaturityOptions {
  /** Only this user's investments (GET /api/invest/deposit-maturity). */
  userId?: string;
  /** Investments per transaction. */
  batchSize?: number;
}

const SYSTEM_ACTOR: AuditActor = { actorId: null, impersonatorId: null, ip: null };

/**
 * Ends up to `batchSize` Active investments whose end date has passed, in one transaction:
 * principal back to the wallet, profit = amount x ROI (half-even to the cent) credited as
 * profit, status Ended, an email. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * instances (and the caller-triggered endpoint) share the work without waiting; the status
 * change and the ledger's unique (maturity, investment:<id>) reference make it exactly once.
 * Returns the investments this call ended.
 */
export async function matureDueBatch(deps: AppDeps, options: MaturityOptions = {}): Promise<InvestmentRow[]> {
  const at = deps.now();
  const limit = options.batchSize ?? 100;
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ investment: investments, email: users.email, name: users.name })
      .from(investments)
      .leftJoin(users, eq(users.id, investments.userId))
      .where(
        and(
          eq(investments.status, 'Active'),
          lte(investments.endDate, at),
          ...(options.userId ? [eq(investments.userId, options.userId)] : []),
        ),
      )
      .orderBy(investments.endDate, investments.id)
      .limit(limit)
      .for('update', { of: investments, skipLocked: true });
    if (due.length === 0) return [];
    const credits = due.map(({ investment }) => {
      const profit = termProfitCents(investment.amountCents, investment.roiBasisPoints);
      return {
        userId: investment.userId,
        investmentId: investment.id,
        principalCents: investment.amountCents,
        profitCents: profit,
        label: `${investment.planName} investment matured: ${formatUsd(investment.amountCents)} principal + ${formatUsd(profit)} profit`,
      };
    });
    await creditMaturities(tx, credits, at);
    const changed = (await tx.execute(sql`update investments set status = 'Ended', end_reason = 'matured', ended_at = ${at.toISOString()}::timestamptz, profit_cents = v.profit
      from (values ${sql.join(credits.map((credit) => sql`(${credit.investmentId}, ${credit.profitCents}::bigint)`), sql`, `)}) as v(id, profit)
      where investments.id = v.id and investments.status = 'Active'
      returning investments.id`)) as unknown as { rows?: { id: string }[] };
    if ((changed.rows ?? []).length !== due.length) throw new AppError(409, 'Investments changed while maturing');
    const ended: InvestmentRow[] = due.map(({ investment }, index) => ({
      ...investment,
      status: 'Ended',
      endReason: 'matured',
      endedAt: at,
      profitCents: credits[index]!.profitCents,
    }));
    const contact = new Map(due.map((row) => [row.investment.id, row]));
    const emails = ended.flatMap((row) => {
      const email = contact.get(row.id)?.email;
      if (!email) return [];
      const profit = row.profitCents ?? 0;
      return [
        {
          to: email,
          kind: 'investment-matured',
          content: {
            subject: 'Your investment has matured',
            heading: 'Investment matured',
            paragraphs: [
              `Hello ${contact.get(row.id)?.name ?? ''},`.trim(),
              `Your ${formatUsd(row.amountCents)} investment in the ${row.planName} plan has matured.`,
              `${formatUsd(row.amountCents + profit)} (${formatUsd(row.amountCents)} principal + ${formatUsd(profit)} profit) is now in your wallet, available to withdraw or invest again.`,
            ],
            action: { label: 'View investment', url: investmentUrl(deps, row) },
          },
        },
      ];
    });
    await deps.outbox.enqueueMany(tx, emails);
    // A pending upgrade of an investment that has just matured can no longer happen: release its top-up.
    const stale = await tx
      .select()
      .from(investments)
      .where(and(eq(investments.status, 'Pending'), inArray(investments.upgradeFromId, ended.map((row) => row.id))))
      // Skip one a staff member is approving right now: that approval then finds the old investment Ended and gets 409.
      .for('update', { skipLocked: true });
    for (const upgrade of stale) {
      if (upgrade.topUpCents > 0) {
        await releaseInvestmentHold(tx, {
          investmentId: upgrade.id,
          actorId: null,
          label: `Upgrade to ${upgrade.planName} cancelled: the investment matured first; top-up released`,
          at,
        });
      }
      await tx
        .update(investments)
        .set({ status: 'Rejected', decidedAt: at, profitCents: 0, notes: 'The investment matured before the upgrade was approved' })
        .where(and(eq(investments.id, upgrade.id), eq(investments.status, 'Pending')));
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'investment.upgrade_cancelled',
        targetType: 'investment',
        targetId: upgrade.id,
        before: { status: 'Pending' },
        after: { status: 'Rejected', releasedCents: upgrade.topUpCents },
        reason: 'matured before approval',
      });
    }
    return ended;
  });
}

/**
 * Matures everything due (optionally for one user), batch after batch, with `concurrency`
 * batches in flight (PostgreSQL; PGlite has one connection). Returns how many ended.
 */
export async function matureDue(deps: AppDeps, options: MaturityOptions & { concurrency?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? (options.userId ? 50 : 100);
  const workers = options.userId ? 1 : Math.max(1, options.concurrency ?? (deps.database.kind === 'postgres' ? 4 : 1));
  let total = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (;;) {
        const ended = await matureDueBatch(deps, { userId: options.userId, batchSize });
        total += ended.length;
        if (ended.length < batchSize) return;
      }
    }),
  );
  return total;
}
