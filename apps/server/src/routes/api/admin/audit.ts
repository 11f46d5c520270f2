import { z } from 'zod';
import { auditListResponseSchema } from '@app/shared';
import { requireStaff } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { listAudit } from '../../../services/admin/audit-log';
import { pageQuery } from './paging';

/** Staff: the append-only audit log (read-only). */
export async function auditRoutes(app: App) {
  const tags = ['admin'];

  app.get(
    '/api/admin/audit',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: the append-only audit log, filtered',
        querystring: z.object({
          action: z.string().trim().max(100).optional(),
          actorId: z.string().trim().max(64).optional(),
          targetId: z.string().trim().max(64).optional(),
          from: z.coerce.date().optional(),
          to: z.coerce.date().optional(),
          ...pageQuery,
        }),
        response: { 200: auditListResponseSchema },
      },
    },
    async (request) => listAudit(app.deps.db, request.query),
  );
}
