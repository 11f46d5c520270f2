import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditActor {
  actorId: string | null;
  impersonatorId: string | null;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export function auditActor(request: FastifyRequest): AuditActor {
  return {
    actorId: request.auth?.user.id ?? null,
    impersonatorId: request.auth?.session.impersonatorId ?? null,
    ip: request.ip ?? null,
  };
}

/** Writes one append-only audit entry, in the caller's transaction. */
export async function recordAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.actorId,
    impersonatorId: actor.impersonatorId,
    ip: actor.ip,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
