import { z } from 'zod';
import { messageSchema, OUTBOX_STATUSES, outboxListResponseSchema } from '@app/shared';
import { requireStaff } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { listOutbox, retryOutbox } from '../../../services/admin/email';
import { auditActor } from '../../../services/platform/audit';
import { pageQuery } from './paging';

/** Staff: the email outbox. */
export async function outboxRoutes(app: App) {
  const tags = ['admin'];

  app.get(
    '/api/admin/outbox',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: emails in the outbox (sent, pending, failed, stored)',
        querystring: z.object({ status: z.enum(OUTBOX_STATUSES).optional(), ...pageQuery }),
        response: { 200: outboxListResponseSchema },
      },
    },
    async (request) => listOutbox(app.deps, request.query),
  );

  app.post(
    '/api/admin/outbox/:id/retry',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: put a failed email back in the queue',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: messageSchema },
      },
    },
    async (request) => retryOutbox(app.deps, auditActor(request), request.params.id),
  );
}
