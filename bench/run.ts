// `npm run bench`: each scenario's throughput and p99 beside a bare Fastify route measured
// in its own process in the same run, printed as a ratio. Results also go to bench/results/.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measure, PLACEMENT, ROOT, rssMb, startApp, startBare, type Measurement } from './lib';
import { proofScenarios } from './proof-scenarios';
import { scenarios } from './scenarios';

interface Row {
  scenario: string;
  database: string;
  requestsPerSecond: number;
  p99Ms: number;
  ratio: number;
  non2xx: number;
}

/**
 * RSS once the load has stopped: polled each second until it is back within 10% of the idle
 * figure, for at most a minute. V8's memory reducer gives the heap back some 20-30 s after
 * the allocation rate falls, not at once.
 */
async function settle(child: ChildProcess, idleMb: number): Promise<{ settledMb: number; settledAfterSeconds: number | null }> {
  for (let seconds = 1; seconds <= 60; seconds += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mb = rssMb(child);
    if (mb <= idleMb * 1.1) return { settledMb: mb, settledAfterSeconds: seconds };
  }
  return { settledMb: rssMb(child), settledAfterSeconds: null };
}

async function main() {
  const databases: Array<{ name: string; url?: string }> = [{ name: 'embedded' }];
  if (process.env.BENCH_DATABASE_URL) databases.push({ name: 'postgres', url: process.env.BENCH_DATABASE_URL });

  const bare = await startBare();
  const baseline: Measurement = await measure({ url: `${bare.url}/bare` });
  await bare.stop();
  console.log(`baseline bare Fastify route: ${baseline.requestsPerSecond} req/s, p99 ${baseline.p99Ms} ms (${PLACEMENT})`);

  const rows: Row[] = [];
  const memory: Record<string, { idleMb: number; afterLoadMb: number; settledMb: number; settledAfterSeconds: number | null }> = {};
  for (const database of databases) {
    const app = await startApp({ databaseUrl: database.url });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleMb = rssMb(app.process);
    for (const scenario of [...scenarios, ...proofScenarios]) {
      const request = await scenario.prepare({ url: app.url });
      const result = await measure({ url: `${app.url}${request.path}`, headers: request.headers });
      rows.push({
        scenario: scenario.name,
        database: database.name,
        requestsPerSecond: result.requestsPerSecond,
        p99Ms: result.p99Ms,
        ratio: Number((result.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)),
        non2xx: result.non2xx,
      });
    }
    const afterLoadMb = rssMb(app.process);
    memory[database.name] = { idleMb, afterLoadMb, ...(await settle(app.process, idleMb)) };
    await app.stop();
  }

  console.table(rows);
  console.log('memory (RSS MB):', memory);

  // Deposit confirmation journals/s through the app's service vs the same SQL through pg, and
  // the history page with 100 and 100,000 entries (bench/ledger.ts), on PostgreSQL only.
  const ledger: string[] = [];
  // History and staff queues with a small database vs 100,000 users and 1,000,000+ ledger
  // postings (bench/scale.ts), on PostgreSQL only.
  const scale: string[] = [];
  if (process.env.BENCH_DATABASE_URL) {
    const spawnBench = (file: string, env: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, file)], {
        cwd: ROOT,
        env: { ...process.env, ...env },
        encoding: 'utf8',
        timeout: 20 * 60_000,
      });
    const ledgerRun = spawnBench('bench/ledger.ts', { DEPOSITS: process.env.DEPOSITS ?? '2000' });
    ledger.push(...ledgerRun.stdout.split('\n').filter((line) => /journals\/s|history with/.test(line)));
    console.log(ledger.join('\n') || `bench/ledger.ts failed: ${ledgerRun.stderr.slice(-500)}`);
    const scaleRun = spawnBench('bench/scale.ts');
    scale.push(...scaleRun.stdout.split('\n').filter((line) => line.startsWith('scale ')));
    console.log(scaleRun.status === 0 ? scale.join('\n') : `bench/scale.ts failed: ${scaleRun.stderr.slice(-500)}`);
  }
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`;
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench/results/latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), machine, placement: PLACEMENT, baseline, rows, memory, ledger, scale }, null, 2)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
