// The staff queues and the user search on a database bench/scale.ts kept (SCALE_KEEP_DATABASE=1):
// per page, the server's CPU time and the statements PostgreSQL ran per request, beside the p99
// and req/s at 32 connections. CPU and statements per request move far less with the host's
// load than a p99 does, so two builds compare on them within one run: with QUEUES_BUNDLES
// naming several server bundles (paths), each page is measured on each bundle in turn, after a
// check that they answer every page (first, and after its cursor) with the same bytes.
//
//   node --import tsx bench/queues.ts postgres://postgres@127.0.0.1:5432/vaultline_scale_large_…
//   QUEUES_BUNDLES=apps/server/dist-before/server.mjs,apps/server/dist/server.mjs … (compare two builds;
//   copy the earlier build's dist/server.mjs to dist-before/ first: same depth, same migrations folder)
//   QUEUES_PAGES=deposits,KYC … (only the pages whose names contain these)
//   QUEUES_PROFILE=dir …: each server writes a V8 CPU profile there (node --cpu-prof) when it stops.
// Where PostgreSQL runs on this machine and its processes' /proc can be read, the CPU its
// backends serving the server spent is reported per request too (the server's connections carry
// an application_name of their own).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { createSession } from '../apps/server/src/services/auth/sessions';
import { CONNECTIONS, ROOT, cpuMicros, measure, startApp, type RunningServer } from './lib';
import { ADMIN, DURATION_SECONDS, loadAverage } from './scale-config';

const PAGES = [
  ['pending deposits', '/api/payments/pending-deposit'],
  ['pending withdrawals', '/api/withDraw/pending'],
  ['pending investments', '/api/invest/adminPendingInvestment'],
  ['KYC queue', '/api/users/kyc/pending'],
  ['users list', '/api/users/getUsers'],
  ['user search by name', `/api/users/getUsers?search=${encodeURIComponent('Scale User 4242')}`],
  ['user search by email', `/api/users/getUsers?search=${encodeURIComponent('u77777@')}`],
] as const;

/** Transactions the database has finished (each statement here is its own): pg_stat_database. */
async function transactionsDone(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
  return Number(rows[0]!.n);
}

/**
 * The statements of `requests` requests to a fresh server, start and stop included: a backend
 * reports its counts when it exits (when idle, only every few seconds), so the server stops
 * before they are read. Two such runs' difference is the requests' own statements.
 */
async function statementsOf(pool: pg.Pool, start: () => Promise<RunningServer>, url: string, headers: Record<string, string>, requests: number) {
  const before = await transactionsDone(pool);
  const app = await start();
  for (let index = 0; index < requests; index += 1) await fetch(`${app.url}${url}`, { headers });
  await app.stop();
  await new Promise((resolve) => setTimeout(resolve, 500));
  // Less the one reading the counter.
  return (await transactionsDone(pool)) - before - 1;
}

/** CPU time (user + system) of these processes so far, in microseconds; null when one cannot be read. */
function processesCpuMicros(pids: number[]): number | null {
  if (pids.length === 0) return null;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return (ticks / 100) * 1e6;
}

/** The backends of the connections named `name` (a server's pool). */
async function backendsOf(pool: pg.Pool, name: string): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [name]);
  return rows.map((row) => row.pid);
}

/** Each page's first page and, where there is one, the page after its cursor (7 and 500 cases), as the server answers them. */
async function answersOf(app: RunningServer, headers: Record<string, string>): Promise<string[]> {
  const answers: string[] = [];
  for (const [, page] of PAGES) {
    const first = await fetch(`${app.url}${page}`, { headers });
    const body = await first.text();
    answers.push(`${page} ${first.status} ${first.headers.get('x-next-cursor')} ${body}`);
    const cursor = first.headers.get('x-next-cursor') ?? (JSON.parse(body) as { nextCursor?: string | null }).nextCursor;
    for (const limit of cursor ? [7, 500] : []) {
      const next = await fetch(`${app.url}${page}${page.includes('?') ? '&' : '?'}cursor=${cursor}&limit=${limit}`, { headers });
      answers.push(`${page} after the cursor, ${limit} ${next.status} ${next.headers.get('x-next-cursor')} ${await next.text()}`);
    }
  }
  return answers;
}

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: bench/queues.ts <database url kept by bench/scale.ts>');
  const bundles = (process.env.QUEUES_BUNDLES ?? 'apps/server/dist/server.mjs').split(',');
  const only = process.env.QUEUES_PAGES?.split(',');
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const database = openPostgres(url, 1);
  const adminId = (await pool.query<{ id: string }>('select id from users where email = $1', [ADMIN.email])).rows[0]!.id;
  const headers = { authorization: `Bearer ${(await createSession(database.db, adminId)).token}` };
  console.log(`queues bench on ${new URL(url).pathname.slice(1)}; load average ${loadAverage()}`);
  if (bundles.length > 1) {
    // Builds compared must answer the same bytes, cursors included.
    const answers: string[][] = [];
    for (const bundle of bundles) {
      const app = await startApp({ databaseUrl: url, checkout: ROOT, bundle: path.resolve(ROOT, bundle), env: { RUN_JOBS: 'false' } });
      answers.push(await answersOf(app, headers));
      await app.stop();
    }
    const differing = answers[0]!.filter((answer, index) => answers.some((other) => other[index] !== answer));
    console.log(`answers of ${bundles.join(' and ')}: ${differing.length === 0 ? `the same bytes (${answers[0]!.length} pages)` : `DIFFERENT: ${differing.map((answer) => answer.slice(0, 80)).join('; ')}`}`);
  }
  for (const [name, page] of PAGES) {
    if (only && !only.some((word) => name.includes(word))) continue;
    for (const bundle of bundles) {
      const profile = process.env.QUEUES_PROFILE;
      const backendName = `queues-bench-${process.pid}`;
      const start = (flags: string[] = []) =>
        startApp({
          databaseUrl: withApplicationName(url, backendName),
          checkout: ROOT,
          bundle: path.resolve(ROOT, bundle),
          nodeFlags: flags,
          // Scheduled jobs would add their statements to the page's.
          env: { RUN_JOBS: 'false' },
        });
      const app = await start(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
      let cpu = 0;
      let databaseCpu: number | null = null;
      let result: Awaited<ReturnType<typeof measure>>;
      try {
        const response = await fetch(`${app.url}${page}`, { headers });
        if (!response.ok) throw new Error(`${name} answered ${response.status}`);
        let cpuStart = 0;
        // The pool's connections are open once the warm-up second has run at 32 connections.
        let backends: number[] = [];
        let databaseCpuStart: number | null = null;
        result = await measure({
          url: `${app.url}${page}`,
          headers,
          durationSeconds: DURATION_SECONDS,
          afterWarmUp: async () => {
            cpuStart = cpuMicros(app.process);
            backends = await backendsOf(pool, backendName);
            databaseCpuStart = processesCpuMicros(backends);
          },
        });
        cpu = cpuMicros(app.process) - cpuStart;
        const databaseCpuEnd = processesCpuMicros(backends);
        if (databaseCpuStart !== null && databaseCpuEnd !== null) databaseCpu = databaseCpuEnd - databaseCpuStart;
      } finally {
        await app.stop();
      }
      const requests = result.requestsPerSecond * DURATION_SECONDS;
      const counted = 20;
      const statements = (await statementsOf(pool, start, page, headers, counted + 1)) - (await statementsOf(pool, start, page, headers, 1));
      const perRequest = (micros: number) => (micros / requests / 1000).toFixed(2);
      console.log(
        `${name} [${bundle}]: p99 ${result.p99Ms} ms, ${result.requestsPerSecond} req/s at ${CONNECTIONS} connections; server CPU ${perRequest(cpu)} ms/request${databaseCpu === null ? '' : `, PostgreSQL ${perRequest(databaseCpu)}`}; ${(statements / counted).toFixed(2)} statements/request; load average ${loadAverage()}`,
      );
    }
  }
  await database.close();
  await pool.end();
}

/** The database URL with the server's connections named, so that their backends can be found. */
function withApplicationName(url: string, name: string): string {
  const named = new URL(url);
  named.searchParams.set('application_name', name);
  return named.toString();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
