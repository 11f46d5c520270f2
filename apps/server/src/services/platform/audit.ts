import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { jsonbParam } from '../../db/rows';

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
  // SQL text rather than the query builder: it runs in every staff money transaction, and
  // rendering an insert of every column cost ~90 µs of CPU each time (bench/ledger.ts; issue 20).
  await db.execute(sql`insert into audit_log (actor_id, impersonator_id, ip, action, target_type, target_id, before, after, reason)
    values (${actor.actorId}, ${actor.impersonatorId}, ${actor.ip}, ${entry.action}, ${entry.targetType ?? null}, ${entry.targetId ?? null},
      ${jsonbParam(entry.before)}::jsonb, ${jsonbParam(entry.after)}::jsonb, ${entry.reason ?? null})`);
}
