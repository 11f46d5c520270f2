import { eq, sql } from 'drizzle-orm';
import { formatCents, formatUsd, type AdjustAnswer, type MoneySummary, type FeesToggleAnswer } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { adjustBalance, adjustFees, adjustProfit, getUserBalances, moneyFigures, type UserBalances } from '../../ledger';
import { approvalViews, needsSecondApprover, recordApprovalRequest } from '../admin/approvals';
import { recordAudit, type AuditActor } from '../platform/audit';
import { assertMayManage } from '../platform/staff';
import type { SessionUser } from '../auth/sessions';

export type AdjustmentTarget = 'profit' | 'balance' | 'fees';

export function summaryOf(user: SessionUser, balances: UserBalances): MoneySummary {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    hasFees: user.hasFees,
    ...moneyFigures(balances),
  };
}

export async function loadTarget(db: DbOrTx, staff: SessionUser, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row || row.deletedAt) throw notFound('User not found');
  assertMayManage(staff, row);
  return row;
}

/** GET /api/money/users/:id: the figures the staff edit pages show. */
export async function userMoneySummary(db: DbOrTx, staff: SessionUser, id: string): Promise<MoneySummary> {
  const user = await loadTarget(db, staff, id);
  return summaryOf(user, await getUserBalances(db, user.id));
}

const ACTIONS: Record<AdjustmentTarget, { run: typeof adjustBalance; audit: string; done: string }> = {
  profit: { run: adjustProfit, audit: 'user.adjust_profit', done: 'Total profit updated' },
  balance: { run: adjustBalance, audit: 'user.adjust_balance', done: 'Balance updated' },
  fees: { run: adjustFees, audit: 'user.adjust_fees', done: 'Fees updated' },
};

type AdjustmentInput = { operation: 'add' | 'deduct'; amount: number; reason: string };

/**
 * updateDepositBalance (total profit), editDepositBalance (wallet), update-fees: one
 * labelled journal with the reason, audited with before and after, in one transaction.
 * Above the four-eyes threshold the change is recorded for a second staff member instead.
 */
export async function adjustUserMoney(
  deps: AppDeps,
  staff: SessionUser,
  actor: AuditActor,
  id: string,
  target: AdjustmentTarget,
  input: AdjustmentInput,
): Promise<AdjustAnswer> {
  return deps.db.transaction(async (tx: Tx) => {
    const user = await loadTarget(tx, staff, id);
    if (!(await needsSecondApprover(tx, input.amount))) return applyAdjustment(tx, deps, staff, actor, user, target, input);
    const balances = await getUserBalances(tx, user.id);
    if (input.operation === 'deduct' && target === 'balance' && balances.availableCents < input.amount) {
      throw badRequest(`Cannot deduct ${formatUsd(input.amount)}: the available balance is ${formatUsd(balances.availableCents)}`);
    }
    const request = await recordApprovalRequest(tx, actor, {
      kind: target,
      userId: user.id,
      operation: input.operation,
      amountCents: input.amount,
      reason: input.reason,
      requestedBy: staff.id,
      at: deps.now(),
    });
    return {
      message: `Recorded: ${input.operation === 'add' ? 'adding' : 'deducting'} ${formatUsd(input.amount)} waits for a second staff member's approval`,
      user: summaryOf(user, balances),
      pendingApproval: (await approvalViews(tx, [request]))[0]!,
    };
  });
}

/** The adjustment itself: the journal, and the audit entry with before and after. */
export async function applyAdjustment(
  tx: Tx,
  deps: AppDeps,
  staff: SessionUser,
  actor: AuditActor,
  user: UserRow,
  target: AdjustmentTarget,
  input: AdjustmentInput,
): Promise<AdjustAnswer> {
  const action = ACTIONS[target];
  const before = await getUserBalances(tx, user.id);
  await action.run(tx, { userId: user.id, operation: input.operation, amountCents: input.amount, reason: input.reason, actorId: staff.id, at: deps.now() });
  const after = await getUserBalances(tx, user.id);
  await recordAudit(tx, actor, {
    action: action.audit,
    targetType: 'user',
    targetId: user.id,
    before: summaryOf(user, before),
    after: { ...summaryOf(user, after), operation: input.operation, amount: formatCents(input.amount) },
    reason: input.reason,
  });
  return {
    message: `${action.done}: ${input.operation === 'add' ? 'added' : 'deducted'} ${formatUsd(input.amount)}`,
    user: summaryOf(user, after),
    pendingApproval: null,
  };
}

/** PUT /api/users/fees-toggle/:id: whether the fees card shows on the user's dashboard. */
export async function toggleFees(
  deps: AppDeps,
  staff: SessionUser,
  actor: AuditActor,
  id: string,
  input: { hasFees: boolean; reason?: string | undefined },
): Promise<FeesToggleAnswer> {
  return deps.db.transaction(async (tx) => {
    const user = await loadTarget(tx, staff, id);
    const [updated] = await tx.update(users).set({ hasFees: input.hasFees, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    await recordAudit(tx, actor, {
      action: 'user.fees_toggle',
      targetType: 'user',
      targetId: id,
      before: { hasFees: user.hasFees },
      after: { hasFees: input.hasFees },
      reason: input.reason ?? null,
    });
    return {
      message: input.hasFees ? 'Fees are now shown to this user' : 'Fees are now hidden from this user',
      user: summaryOf(updated!, await getUserBalances(tx, id)),
    };
  });
}
