import { healthSchema, notReadySchema, readySchema } from '@app/shared';
import type { App } from '../../../plugins/types';
import { documentStore } from '../../../services/kyc/document-storage';

/** A load balancer's health check waits a few seconds: a stalled database answers "not ready" sooner. */
const READY_CHECK_MS = 2_000;

function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

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
        const { pending, unknown } = await withinDeadline(
          // Reading the migration journal is the database's answer: no separate ping.
          app.deps.database.migrationStatus(),
          Math.min(READY_CHECK_MS, app.deps.config.databaseQueryTimeoutMs),
        );
        if (pending.length > 0) {
          return reply.status(503).send({ status: 'not ready' as const, message: `Database migrations are pending (${pending.length}): run npm run migrate` });
        }
        if (unknown > 0) {
          return reply.status(503).send({ status: 'not ready' as const, message: 'The database was migrated by a newer build: roll this instance forward' });
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
