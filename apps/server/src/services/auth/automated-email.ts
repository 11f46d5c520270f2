import { and, desc, eq, gte } from 'drizzle-orm';
import { isStaff, type MessageAnswer } from '@app/shared';
import type { AppDeps } from '../../deps';
import { auditLog, emailOutbox, users } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import type { SessionUser } from './sessions';

/** How long after the event the client may ask for its email. */
const EVENT_WINDOW_MS = 15 * 60_000;

const TEMPLATE_KIND = { changePassword: 'password-changed', changeRole: 'role-changed' } as const;

/**
 * POST /api/users/sendAutomatedEmail (SPEC §7): the client's request for the email of an event
 * it has just caused. It cannot relay mail: the recipient is the caller (a password change) or
 * a user whose role the caller has just changed, the content is the server's own email for
 * that event, and that email has been queued already by the change itself: the request is
 * answered from it and nothing is sent twice.
 */
export async function sendAutomatedEmail(
  deps: AppDeps,
  caller: SessionUser,
  input: { send_to: string; template: keyof typeof TEMPLATE_KIND },
): Promise<MessageAnswer> {
  const since = new Date(deps.now().getTime() - EVENT_WINDOW_MS);
  const recipient = input.send_to.toLowerCase();
  if (input.template === 'changePassword') {
    if (recipient !== caller.email.toLowerCase()) throw forbidden('This email can only be sent to your own address');
  } else {
    if (!isStaff(caller.role)) throw forbidden('Not authorized: staff only');
    const [changed] = await deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.targetId))
      .where(and(eq(auditLog.action, 'user.role_change'), eq(auditLog.actorId, caller.id), eq(users.email, recipient), gte(auditLog.at, since)))
      .limit(1);
    if (!changed) throw forbidden('This email can only be sent to a user whose role you have just changed');
  }
  const [queued] = await deps.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, recipient), eq(emailOutbox.kind, TEMPLATE_KIND[input.template]), gte(emailOutbox.createdAt, since)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!queued) throw badRequest('There is no recent change to send an email about');
  return { message: 'Email sent successfully!' };
}
