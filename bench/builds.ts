// `node --import tsx bench/builds.ts <other checkout>`: the pinned read scenarios of `npm run
// bench` on two builds in alternating rounds (this checkout and another one, e.g. a worktree of
// the commit before a change, with `npm install && npm run build` done there), each on a fresh
// database, each figure a ratio of the bare route measured right before and after it. Prints
// each build's median ratio per scenario and their quotient: the "within 5 % of before" check
// of a change that should not cost speed (issue 19); and the server's CPU time per request
// (median), which a busy host disturbs far less than throughput. Round r runs the builds in the order
// r even: other, this; r odd: this, other, so a load trend on the host favours neither.
// BENCH_DATABASE_URL (a PostgreSQL server; databases are created on it per round) or embedded;
// ROUNDS (default 4); OTHER_SESSIONS (PostgreSQL): that many other users with a live session each
// behind the measured ones, a platform's size for the session reads' plans (ADR 0022).
// Also each build's start (spawn to /api/ready on its fresh database) and its server's memory
// (RSS a second after the start, and right after the last scenario's load), as medians.
import pg from 'pg';
import { cpuMicros, measure, ROOT, rssMb, startApp, startBare, otherCheckout } from './lib';
import { pinnedScenarios as pinned } from './pinned';

const other = otherCheckout();
if (!other) {
  console.error('usage: node --import tsx bench/builds.ts <other checkout, built>');
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const OTHER_SESSIONS = Number(process.env.OTHER_SESSIONS ?? 0);
const builds = [
  { name: 'other', checkout: other },
  { name: 'this', checkout: ROOT },
];

/** A fresh PostgreSQL database for one build's round, or undefined for the embedded one. */
async function freshDatabase(name: string): Promise<string | undefined> {
  const server = process.env.BENCH_DATABASE_URL;
  if (!server) return undefined;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** OTHER_SESSIONS users, each with a live session, then the statistics a plan reads. */
async function seedOtherSessions(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`insert into users (id, name, email, referral_code)
    select 'other-' || g, 'Other ' || g, 'other-' || g || '@bench.example.com', 'OTHR' || g from generate_series(1, $1::int) g`, [OTHER_SESSIONS]);
  await client.query(`insert into sessions (id, user_id, expires_at) select 'other-session-' || g, 'other-' || g, now() + interval '1 day' from generate_series(1, $1::int) g`, [OTHER_SESSIONS]);
  await client.query('analyze');
  await client.end();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main() {
  const bare = await startBare();
  const measureBare = async () => (await measure({ url: `${bare.url}/bare` })).requestsPerSecond;
  const ratios: Record<string, Record<string, number[]>> = { other: {}, this: {} };
  const cpu: Record<string, Record<string, number[]>> = { other: {}, this: {} };
  const startAndMemory: Record<string, Record<'startMs' | 'idleMb' | 'afterLoadMb', number[]>> = {
    other: { startMs: [], idleMb: [], afterLoadMb: [] },
    this: { startMs: [], idleMb: [], afterLoadMb: [] },
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
      const databaseUrl = await freshDatabase(`vaultline_builds_${build.name}`);
      const starting = performance.now();
      const app = await startApp({ checkout: build.checkout, databaseUrl });
      startAndMemory[build.name]!.startMs.push(performance.now() - starting);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      startAndMemory[build.name]!.idleMb.push(rssMb(app.process));
      if (databaseUrl && OTHER_SESSIONS > 0) await seedOtherSessions(databaseUrl);
      let before = await measureBare();
      let rssAfterLoad = 0;
      for (const scenario of pinned) {
        const request = await scenario.prepare({ url: app.url });
        let cpuBefore = 0;
        const durationSeconds = 5;
        const result = await measure({ url: `${app.url}${request.path}`, headers: request.headers, durationSeconds, afterWarmUp: () => (cpuBefore = cpuMicros(app.process)) });
        (cpu[build.name]![scenario.name] ??= []).push((cpuMicros(app.process) - cpuBefore) / (result.requestsPerSecond * durationSeconds));
        rssAfterLoad = rssMb(app.process);
        const after = await measureBare();
        (ratios[build.name]![scenario.name] ??= []).push(result.requestsPerSecond / ((before + after) / 2));
        before = after;
      }
      startAndMemory[build.name]!.afterLoadMb.push(rssAfterLoad);
      await app.stop();
      console.log(`round ${round + 1}, ${build.name}:`, Object.fromEntries(pinned.map((s) => [s.name, ratios[build.name]![s.name]!.at(-1)!.toFixed(2)])));
    }
  }
  await bare.stop();
  console.table(
    (['startMs', 'idleMb', 'afterLoadMb'] as const).map((figure) => ({
      figure: { startMs: 'start to /api/ready, fresh database (ms)', idleMb: 'RSS 1 s after the start (MB)', afterLoadMb: 'RSS right after the last load (MB)' }[figure],
      other: Math.round(median(startAndMemory.other![figure])),
      this: Math.round(median(startAndMemory.this![figure])),
      'this rounds': startAndMemory.this![figure].map(Math.round).join(', '),
    })),
  );
  console.table(
    pinned.map((scenario) => {
      const before = median(ratios.other![scenario.name]!);
      const now = median(ratios.this![scenario.name]!);
      const cpuBefore = median(cpu.other![scenario.name]!);
      const cpuNow = median(cpu.this![scenario.name]!);
      return {
        scenario: scenario.name,
        other: before.toFixed(2),
        this: now.toFixed(2),
        'this / other': (now / before).toFixed(3),
        'CPU µs/req other': cpuBefore.toFixed(1),
        'CPU µs/req this': cpuNow.toFixed(1),
        'CPU this / other': (cpuNow / cpuBefore).toFixed(3),
      };
    }),
  );
}

await main();
