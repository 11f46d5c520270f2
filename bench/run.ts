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
 * figure, for at most two minutes. V8's memory reducer gives the heap back some 15-60 s after
 * the allocation rate falls, not at once (one run on a loaded host took over a minute).
 */
async function settle(child: ChildProcess, idleMb: number): Promise<{ settledMb: number; settledAfterSeconds: number | null }> {
  for (let seconds = 1; seconds <= 120; seconds += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mb = rssMb(child);
    if (mb <= idleMb * 1.1) return { settledMb: mb, settledAfterSeconds: seconds };
  }
  return { settledMb: rssMb(child), settledAfterSeconds: null };
}

async function main() {
  const databases: Array<{ name: string; url?: string }> = [{ name: 'embedded' }];
  if (process.env.BENCH_DATABASE_URL) databases.push({ name: 'postgres', url: process.env.BENCH_DATABASE_URL });

  // The bare route is measured again after every scenario, and each scenario's ratio is taken
  // against the mean of the bare figures either side of it: on a shared host the bare route
  // alone moved by up to half within minutes, and one early figure carried that into every ratio.
  const bare = await startBare();
  const measureBare = async () => (await measure({ url: `${bare.url}/bare` })).requestsPerSecond;
  const baseline: Measurement = await measure({ url: `${bare.url}/bare` });
  const bareRuns: number[] = [baseline.requestsPerSecond];
  console.log(`baseline bare Fastify route: ${baseline.requestsPerSecond} req/s, p99 ${baseline.p99Ms} ms (${PLACEMENT})`);

  const rows: Row[] = [];
  const memory: Record<string, { idleMb: number; afterLoadMb: number; settledMb: number; settledAfterSeconds: number | null }> = {};
  for (const database of databases) {
    const app = await startApp({ databaseUrl: database.url });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleMb = rssMb(app.process);
    const all = [...scenarios, ...proofScenarios];
    // Scenario i lies between bareRuns[first + i] and bareRuns[first + i + 1].
    const first = bareRuns.length - 1;
    const measured: Array<{ scenario: string; result: Measurement }> = [];
    for (const [i, scenario] of all.entries()) {
      const request = await scenario.prepare({ url: app.url });
      measured.push({ scenario: scenario.name, result: await measure({ url: `${app.url}${request.path}`, headers: request.headers }) });
      // After the last scenario the memory is read first; the bare route follows.
      if (i < all.length - 1) bareRuns.push(await measureBare());
    }
    const afterLoadMb = rssMb(app.process);
    memory[database.name] = { idleMb, afterLoadMb, ...(await settle(app.process, idleMb)) };
    await app.stop();
    bareRuns.push(await measureBare());
    for (const [i, { scenario, result }] of measured.entries()) {
      const bareAround = (bareRuns[first + i]! + bareRuns[first + i + 1]!) / 2;
      rows.push({
        scenario,
        database: database.name,
        requestsPerSecond: result.requestsPerSecond,
        p99Ms: result.p99Ms,
        ratio: Number((result.requestsPerSecond / bareAround).toFixed(2)),
        non2xx: result.non2xx,
      });
    }
  }
  await bare.stop();

  console.table(rows);
  console.log(`bare route, before the first scenario and after each: ${bareRuns.join(', ')} req/s`);
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
  // The history page with real histories, first and deep pages of 50 and 100, beside the bare
  // route (bench/history.ts): embedded, and PostgreSQL with and without 1,000,000 more items.
  const historyRun = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/history.ts')], { cwd: ROOT, env: process.env, encoding: 'utf8', timeout: 30 * 60_000 });
  const history = historyRun.stdout.split('\n').filter((line) => line.startsWith('history '));
  console.log(historyRun.status === 0 ? history.join('\n') : `bench/history.ts failed: ${historyRun.stderr.slice(-500)}`);
  // The deposit watcher on a real EVM node: blocks scanned and credits per second on a backlog (bench/chain.ts).
  const chainRun = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/chain.ts')], { cwd: ROOT, env: process.env, encoding: 'utf8', timeout: 20 * 60_000 });
  const chain = chainRun.stdout.split('\n').filter((line) => line.startsWith('chain '));
  console.log(chainRun.status === 0 ? chain.join('\n') : `bench/chain.ts failed: ${chainRun.stderr.slice(-500)}`);
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`;
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench/results/latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), machine, placement: PLACEMENT, baseline, bareRuns, rows, memory, ledger, scale, history, chain }, null, 2)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
