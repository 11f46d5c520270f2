import { aliasedTable, and, count, desc, eq, lt, min, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { applyBasisPoints, formatCents, PENDING_QUEUES, STAFF_HOME_AUDIT_ENTRIES, WITHDRAWAL_FLAG_BUSINESS_DAYS, type PendingQueue, type StaffHome } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { approvalRequests, auditLog, investments, kycSubmissions, payments, users, withdrawals, type AccountKind } from '../../db/schema';
import { accountTotals } from '../../ledger/reads';
import { overdueBefore } from '../platform/business-days';

/** Each staff queue: its table, the condition of a waiting request and when it came in. */
const QUEUES: Record<PendingQueue, { table: PgTable; waiting: SQL; since: PgColumn }> = {
  deposits: { table: payments, waiting: eq(payments.status, 'Pending'), since: payments.createdAt },
  investments: { table: investments, waiting: eq(investments.status, 'Pending'), since: investments.createdAt },
  withdrawals: { table: withdrawals, waiting: eq(withdrawals.status, 'Pending'), since: withdrawals.requestDate },
  kyc: { table: kycSubmissions, waiting: eq(kycSubmissions.status, 'Pending'), since: kycSubmissions.submittedAt },
  approvals: { table: approvalRequests, waiting: eq(approvalRequests.status, 'Pending'), since: approvalRequests.requestedAt },
};

async function queueSummary(db: DbOrTx, queue: PendingQueue, now: Date, deadline: Date): Promise<StaffHome['queues'][number]> {
  const source = QUEUES[queue];
  const [row] = await db
    .select({
      count: count(),
      oldest: min(source.since),
      overdue: sql<number>`count(*) filter (where ${lt(source.since, deadline)})`.mapWith(Number),
    })
    .from(source.table)
    .where(source.waiting);
  const oldest = row?.oldest ? new Date(row.oldest as Date | string) : null;
  return {
    queue,
    count: Number(row?.count ?? 0),
    oldestAt: oldest?.toISOString() ?? null,
    oldestAgeHours: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 3_600_000)) : null,
    overdue: Number(row?.overdue ?? 0),
  };
}

/**
 * What users are owed against what was received, from the accounts' cached balances (the
 * solvency page re-derives them from the postings and runs the ledger check).
 */
async function solvencySummary(db: DbOrTx): Promise<StaffHome['solvency']> {
  const byKind = await accountTotals(db, ['wallet', 'held', 'invested', 'received_funds']);
  const total = (kind: AccountKind) => Number(byKind.get(kind) ?? 0n);
  const active = await db.select({ amount: investments.amountCents, bp: investments.roiBasisPoints }).from(investments).where(eq(investments.status, 'Active'));
  // Profit is due per investment the way maturity credits it (basis points, half to even).
  const profitDue = active.reduce((sum, row) => sum + applyBasisPoints(row.amount, row.bp), 0);
  const owed = total('wallet') + total('held') + total('invested') + profitDue;
  // Deposits post received_funds negative, payouts positive.
  const netReceived = -total('received_funds');
  return { owed: formatCents(owed), netReceived: formatCents(netReceived), surplus: formatCents(netReceived - owed), activeInvestments: active.length };
}

async function recentAudit(db: DbOrTx): Promise<StaffHome['recentAudit']> {
  const actor = aliasedTable(users, 'actor');
  const target = aliasedTable(users, 'target');
  const rows = await db
    .select({ entry: auditLog, actorName: actor.name, targetName: target.name })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, and(eq(auditLog.targetType, 'user'), eq(target.id, auditLog.targetId)))
    .orderBy(desc(auditLog.id))
    .limit(STAFF_HOME_AUDIT_ENTRIES);
  return rows.map(({ entry, actorName, targetName }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    action: entry.action,
    actorName: actorName ?? null,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: targetName ?? null,
    reason: entry.reason,
  }));
}

/** GET /api/admin/home: each queue with its count, oldest request and overdue ones; solvency; the latest audit entries. */
export async function staffHome(deps: AppDeps): Promise<StaffHome> {
  const now = deps.now();
  const deadline = overdueBefore(now);
  const queues = [];
  for (const queue of PENDING_QUEUES) queues.push(await queueSummary(deps.db, queue, now, deadline));
  return {
    queues,
    overdueAfterBusinessDays: WITHDRAWAL_FLAG_BUSINESS_DAYS,
    solvency: await solvencySummary(deps.db),
    recentAudit: await recentAudit(deps.db),
    at: now.toISOString(),
  };
}
