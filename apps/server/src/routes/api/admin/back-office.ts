import type { OutgoingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { approvalDecisionSchema, approvalViewSchema, OUTBOX_STATUSES, PENDING_QUEUES, solvencyReportSchema, type PendingCounts } from '@app/shared';
import type { App } from '../../../plugins/types';
import { currentUser, requireAdmin, requireStaff } from '../../../plugins/session';
import { auditActor } from '../../../services/platform/audit';
import { decideApprovalRequest } from '../../../services/admin/approval-decisions';
import { listPendingApprovals } from '../../../services/admin/approvals';
import { listAudit } from '../../../services/admin/audit-log';
import { listOutbox, retryOutbox } from '../../../services/admin/email';
import { createPendingCountsHub, pendingCounts } from '../../../services/admin/events';
import { onchainHoldings, solvencyReport } from '../../../services/admin/solvency';
import { updateSettings } from '../../../services/admin/settings';
import { getSettings, settingsPatchSchema, type Settings } from '../../../services/platform/settings';

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce.number().int().min(1).max(100).default(25);
const counts = z.object(Object.fromEntries(PENDING_QUEUES.map((queue) => [queue, z.number()])) as Record<keyof PendingCounts, z.ZodNumber>);

/** Heartbeat comment on idle streams, so proxies keep them open. */
const HEARTBEAT_MS = 20_000;

/** How often the pending counts are read for live queues (ADMIN_EVENTS_POLL_MS to change). */
export function eventsPollMs(): number {
  const value = Number(process.env.ADMIN_EVENTS_POLL_MS);
  return Number.isFinite(value) && value >= 50 ? value : 3000;
}

/** Back office under /api/admin: outbox, audit log, settings, solvency, live queue counts. */
export async function adminRoutes(app: App) {
  const tags = ['admin'];

  // ------------------------------------------------------------ outbox
  app.get(
    '/api/admin/outbox',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: emails in the outbox (sent, pending, failed, stored)',
        querystring: z.object({ status: z.enum(OUTBOX_STATUSES).optional(), page, limit }),
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
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => retryOutbox(app.deps, auditActor(request), request.params.id),
  );

  // ------------------------------------------------------------ audit log (read-only)
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
          page,
          limit,
        }),
      },
    },
    async (request) => listAudit(app.deps.db, request.query),
  );

  // ------------------------------------------------------------ settings (admins)
  app.get(
    '/api/admin/settings',
    { preHandler: requireAdmin, schema: { tags, summary: 'Admins: every operator setting' } },
    async () => getSettings(app.deps.db),
  );

  app.put(
    '/api/admin/settings',
    {
      preHandler: requireAdmin,
      schema: { tags, summary: 'Admins: change settings (audited with before and after)', body: settingsPatchSchema },
    },
    async (request) => updateSettings(app.deps, auditActor(request), currentUser(request).id, request.body as Partial<Settings>),
  );

  // ------------------------------------------------------------ four eyes
  app.get(
    '/api/admin/approvals',
    {
      preHandler: requireStaff,
      schema: { tags, summary: 'Staff: adjustments and withdrawals waiting for a second approver, oldest first', response: { 200: z.object({ approvals: z.array(approvalViewSchema) }) } },
    },
    async () => ({ approvals: await listPendingApprovals(app.deps) }),
  );

  for (const [action, decision] of [
    ['approve', 'Approved'],
    ['reject', 'Rejected'],
  ] as const) {
    app.post(
      `/api/admin/approvals/:id/${action}`,
      {
        preHandler: requireStaff,
        schema: {
          tags,
          summary: `Staff: ${action} a request of another staff member (nobody approves their own; a withdrawal's approval takes its payout txHash)`,
          params: z.object({ id: z.string().min(1).max(64) }),
          body: z.preprocess((value) => value ?? {}, approvalDecisionSchema),
          response: { 200: z.object({ message: z.string(), approval: approvalViewSchema }) },
        },
      },
      async (request) => decideApprovalRequest(app.deps, currentUser(request), auditActor(request), request.params.id, decision, request.body),
    );
  }

  // ------------------------------------------------------------ solvency
  app.get(
    '/api/admin/solvency',
    {
      preHandler: requireStaff,
      schema: {
        tags,
        summary: 'Staff: what users are owed against what was received and paid, from the ledger',
        response: { 200: solvencyReportSchema },
      },
    },
    async () => ({ ...(await solvencyReport(app.deps.db)), onchain: await onchainHoldings(app.deps) }),
  );

  // ------------------------------------------------------------ live queues
  app.get(
    '/api/admin/pending-counts',
    { preHandler: requireStaff, schema: { tags, summary: 'Staff: requests waiting in each queue', response: { 200: counts } } },
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
