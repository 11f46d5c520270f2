import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { unauthorized } from '../lib/errors';
import { selectRows } from '../db/rows';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus format (prom-client), registered only with METRICS_TOKEN and
 * answered only to `Authorization: Bearer <METRICS_TOKEN>`: requests by route and status with
 * latency histograms, rate-limit refusals, the database pool, job backlogs (maturity, email
 * outbox, the chain watcher) and the process. Without the token nothing is measured.
 */
export const metricsPlugin = fp(async (app, options: { token: string }) => {
  const client = await import('prom-client');
  const register = new client.Registry();
  client.collectDefaultMetrics({ register, prefix: 'vaultline_' });

  const requests = new client.Counter({
    name: 'vaultline_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const latency = new client.Histogram({
    name: 'vaultline_http_request_duration_seconds',
    help: 'Time to answer, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  const refusals = new client.Counter({
    name: 'vaultline_rate_limit_refusals_total',
    help: 'Requests refused with 429 (rate limits), by route',
    labelNames: ['route'] as const,
    registers: [register],
  });

  const { db, database } = app.deps;
  const pool = (db as unknown as { $client?: Pool }).$client;
  new client.Gauge({
    name: 'vaultline_db_pool_connections',
    help: 'Database connections by state (PostgreSQL pool; the embedded database has one)',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      if (database.kind === 'postgres' && pool && 'totalCount' in pool) {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });
  new client.Gauge({
    name: 'vaultline_maturity_backlog',
    help: 'Active investments past their end date, not yet matured',
    registers: [register],
    async collect() {
      const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from investments where status = 'Active' and end_date <= now()`);
      this.set(row?.n ?? 0);
    },
  });
  const outboxAge = new client.Gauge({ name: 'vaultline_outbox_oldest_seconds', help: 'Age of the oldest email waiting to be delivered', registers: [register] });
  new client.Gauge({
    name: 'vaultline_outbox_backlog',
    help: 'Emails waiting to be delivered',
    registers: [register],
    async collect() {
      const [row] = await selectRows<{ n: number; oldest: number | null }>(db, sql`select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as oldest from email_outbox where status = 'pending'`);
      this.set(row?.n ?? 0);
      outboxAge.set(row?.oldest ?? 0);
    },
  });
  new client.Gauge({
    name: 'vaultline_chain_blocks_behind',
    help: 'Blocks between the chain tip last seen and the deposit watcher cursor, per chain',
    labelNames: ['chain_id'] as const,
    registers: [register],
    async collect() {
      for (const row of await selectRows<{ chain_id: number; behind: number }>(db, sql`select chain_id, greatest(tip_block - next_block + 1, 0)::int as behind from chain_cursors`)) {
        this.set({ chain_id: String(row.chain_id) }, row.behind);
      }
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route });
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameToken(header.slice(7), options.token)) throw unauthorized('A valid metrics token is required');
    return reply.type(register.contentType).send(await register.metrics());
  });
});
