import { staffHomeSchema } from '@app/shared';
import type { App } from '../../../plugins/types';
import { requireStaff } from '../../../plugins/session';
import { staffHome } from '../../../services/admin/staff-home';

/** The staff home (/my-account for author and admin): what waits for them first. */
export async function staffHomeRoutes(app: App) {
  app.get(
    '/api/admin/home',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['admin'],
        summary: 'Staff: each queue with its count, oldest request and overdue ones; solvency in brief; the latest audit entries',
        response: { 200: staffHomeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return staffHome(app.deps);
    },
  );
}
