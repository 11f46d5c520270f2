import { aliasedTable, and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditListResponse } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { pageWindow } from '../../lib/paging';

export interface AuditQuery {
  action?: string | undefined;
  actorId?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  limit: number;
}

/** GET /api/admin/audit: read-only, newest first, filtered by action, actor, target and time. */
export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<AuditListResponse> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  if (query.targetId) conditions.push(eq(auditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(auditLog.at, query.from));
  if (query.to) conditions.push(lte(auditLog.at, query.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [matched] = await db.select({ total: count() }).from(auditLog).where(where);
  const total = Number(matched?.total ?? 0);
  const { page, pages, offset } = pageWindow(total, query);
  const actor = aliasedTable(users, 'actor');
  const impersonator = aliasedTable(users, 'impersonator');
  const target = aliasedTable(users, 'target');
  const subject = aliasedTable(users, 'subject');
  const rows = await db
    .select({
      entry: auditLog,
      actorName: actor.name,
      actorEmail: actor.email,
      impersonatorName: impersonator.name,
      targetName: target.name,
      targetEmail: target.email,
      subjectName: subject.name,
      subjectEmail: subject.email,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorId))
    .leftJoin(target, and(eq(auditLog.targetType, 'user'), eq(target.id, auditLog.targetId)))
    // A request's owner (a deposit's, a withdrawal's...), as its entry records them.
    .leftJoin(subject, and(sql`${auditLog.targetType} <> 'user'`, eq(subject.id, sql`coalesce(${auditLog.after}->>'userId', ${auditLog.before}->>'userId')`)))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(query.limit)
    .offset(offset);
  const actions = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return {
    items: rows.map(({ entry, actorName, actorEmail, impersonatorName, targetName, targetEmail, subjectName, subjectEmail }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      action: entry.action,
      actorId: entry.actorId,
      actorName: actorName ?? null,
      actorEmail: actorEmail ?? null,
      impersonatorId: entry.impersonatorId,
      impersonatorName: impersonatorName ?? null,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetName: targetName ?? null,
      targetEmail: targetEmail ?? null,
      subjectName: subjectName ?? null,
      subjectEmail: subjectEmail ?? null,
      before: entry.before,
      after: entry.after,
      reason: entry.reason,
      ip: entry.ip,
    })),
    page,
    pages,
    total,
    actions: actions.map((row) => row.action),
  };
}
