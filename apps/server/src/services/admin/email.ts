import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { OUTBOX_STATUSES, type OutboxItem, type OutboxListResponse, type OutboxStatusName, type ComposedEmailAnswer, type MessageAnswer } from '@app/shared';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { emailOutbox, type OutboxRow } from '../../db/schema';
import { isSecretKind } from '../../email/kinds';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../platform/audit';
import { pageWindow } from '../../lib/paging';

/** POST /api/users/sendComposedEmail: queued in the outbox (delivered by the worker), audited. */
export async function sendComposedEmail(
  deps: AppDeps,
  auditor: AuditActor,
  input: { send_to: string; reply_to: string; subject: string; message: string },
): Promise<ComposedEmailAnswer> {
  const paragraphs = input.message
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const id = await deps.db.transaction(async (tx) => {
    const emailId = await deps.outbox.enqueue(tx, {
      to: input.send_to,
      replyTo: input.reply_to,
      kind: 'composed',
      content: { subject: input.subject, heading: input.subject, paragraphs },
    });
    await recordAudit(tx, auditor, {
      action: 'email.compose',
      targetType: 'email',
      targetId: String(emailId),
      after: { to: input.send_to, replyTo: input.reply_to, subject: input.subject },
    });
    return emailId;
  });
  return { message: 'Email sent successfully!', id };
}

function toItem(row: OutboxRow): OutboxItem {
  return {
    id: row.id,
    to: row.toAddress,
    replyTo: row.replyTo,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    text: isSecretKind(row.kind) ? null : row.text,
  };
}

/** GET /api/admin/outbox: newest first, optionally one status, with counts per status. */
export async function listOutbox(
  deps: AppDeps,
  query: { status?: OutboxStatusName | undefined; page: number; limit: number },
): Promise<OutboxListResponse> {
  const db: DbOrTx = deps.db;
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(emailOutbox.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [matched] = await db.select({ total: count() }).from(emailOutbox).where(where);
  const total = Number(matched?.total ?? 0);
  const { page, pages, offset } = pageWindow(total, query);
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.id))
    .limit(query.limit)
    .offset(offset);
  const grouped = await db.select({ status: emailOutbox.status, total: count() }).from(emailOutbox).groupBy(emailOutbox.status);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, 0])) as Record<OutboxStatusName, number>;
  for (const row of grouped) if (row.status in counts) counts[row.status] = Number(row.total);
  return { items: rows.map(toItem), page, pages, total, counts, delivering: deps.outbox.delivering };
}

/** POST /api/admin/outbox/:id/retry: a failed (or waiting) message goes back in the queue. */
export async function retryOutbox(deps: AppDeps, auditor: AuditActor, id: number): Promise<MessageAnswer> {
  const [row] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  if (!row) throw notFound('Email not found');
  if (row.status === 'sent') throw conflict('This email has already been sent');
  if (row.status === 'stored' && !deps.outbox.delivering) {
    throw conflict('No SMTP server is configured: stored emails are kept, not sent');
  }
  const retried = await deps.outbox.retry(id);
  if (!retried) throw conflict('This email cannot be retried');
  await recordAudit(deps.db, auditor, {
    action: 'email.retry',
    targetType: 'email',
    targetId: String(id),
    before: { status: row.status, attempts: row.attempts },
    after: { status: 'pending' },
  });
  return { message: 'Email queued for another attempt' };
}
