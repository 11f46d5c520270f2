import { healthSchema, notReadySchema, readySchema } from '@app/shared';
import type { App } from '../../../plugins/types';
import { documentStore } from '../../../services/kyc/document-storage';

export async function healthRoutes(app: App) {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database reachable, migrations applied, document storage writable',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      try {
        await app.deps.database.ping();
        if (!(await app.deps.database.migrationsApplied())) {
          return reply.status(503).send({ status: 'not ready' as const, message: 'Database migrations are not applied yet' });
        }
      } catch {
        return reply.status(503).send({ status: 'not ready' as const, message: 'Database is unreachable' });
      }
      try {
        await documentStore(app.deps).check();
      } catch (error) {
        return reply.status(503).send({ status: 'not ready' as const, message: (error as Error).message });
      }
      return { status: 'ready' as const };
    },
  );
}
