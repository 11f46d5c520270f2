import type { OutgoingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { pendingCountsSchema } from '@app/shared';
import type { App } from '../../../plugins/types';
import { requireStaff } from '../../../plugins/session';
import { createPendingCountsHub, pendingCounts } from '../../../services/admin/events';

/** Heartbeat comment on idle streams, so proxies keep them open. */
const HEARTBEAT_MS = 20_000;

/** How often the pending counts are read for live queues (ADMIN_EVENTS_POLL_MS to change). */
export function eventsPollMs(): number {
  const value = Number(process.env.ADMIN_EVENTS_POLL_MS);
  return Number.isFinite(value) && value >= 50 ? value : 3000;
}

/** Staff: the queues' live counts, read once or streamed. */
export async function queueRoutes(app: App) {
  const tags = ['admin'];

  app.get(
    '/api/admin/pending-counts',
    { preHandler: requireStaff, schema: { tags, summary: 'Staff: requests waiting in each queue', response: { 200: pendingCountsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return pendingCounts(app.deps.db);
    },
  );

  const hub = createPendingCountsHub(app.deps.db, eventsPollMs(), (error) => app.log.warn({ err: error }, 'pending counts poll failed'));
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    hub.stop();
  });

  app.get(
    '/api/admin/events',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: server-sent events. `counts` on connect and whenever a queue changes ({ counts, arrived })',
        querystring: z.object({ once: z.enum(['1', 'true']).optional() }),
      },
    },
    async (request, reply) => {
      const send = (event: string, data: unknown) => reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      // Hijacked: the reply's headers (security headers, request id) are written here by hand.
      const headers: OutgoingHttpHeaders = {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      };
      if (request.query.once || request.method === 'HEAD') {
        reply.hijack();
        reply.raw.writeHead(200, headers);
        if (request.method !== 'HEAD') send('counts', { counts: await pendingCounts(app.deps.db), arrived: [] });
        reply.raw.end();
        return reply;
      }
      reply.hijack();
      reply.raw.writeHead(200, headers);
      reply.raw.write('retry: 5000\n\n');
      const { counts: initial, unsubscribe } = await hub.subscribe((next, arrived) => send('counts', { counts: next, arrived }));
      send('counts', { counts: initial, arrived: [] });
      const heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        reply.raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      reply.raw.on('close', end);
      return reply;
    },
  );
}
