// Maturity job throughput on PostgreSQL: a backlog of due investments (default 10,000),
// matured by one or two "instances" (separate pools and deps on one database) with the
// production code path (services/invest/maturity.ts matureDue: FOR UPDATE SKIP LOCKED batches,
// one ledger journal + status change + email per investment).
//
//   node --import tsx bench/maturity.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres MATURITY_BACKLOG=10000 \
//   MATURITY_RUNS="1x4,2x4" node --import tsx bench/maturity.ts
//
// MATURITY_RUNS lists runs as <instances>x<concurrency per instance>. The backlog is seeded once
// (through the real request and approval services) into a template database that each run clones.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { loadChainConfig, type Config } from '../apps/server/src/config';
import { createChainRuntime } from '../apps/server/src/chain';
import { openPostgres, type Database } from '../apps/server/src/db/client';
import { deriveKeys, type AppDeps } from '../apps/server/src/deps';
import { createOutbox } from '../apps/server/src/email/outbox';
import { adjustBalance, verifyLedger } from '../apps/server/src/ledger';
import { insertUser } from '../apps/server/src/services/auth/accounts';
import { approveInvestment } from '../apps/server/src/services/invest/decisions';
import { startInvestment } from '../apps/server/src/services/invest/investments';
import { matureDue } from '../apps/server/src/services/invest/maturity';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BACKLOG = Number(process.env.MATURITY_BACKLOG ?? 10_000);
const PER_USER = 10;
const RUNS = (process.env.MATURITY_RUNS ?? '1x1,1x4,2x4').split(',').map((run) => {
  const [instances, concurrency] = run.split('x').map(Number);
  return { instances: instances ?? 1, concurrency: concurrency ?? 1 };
});

function urlFor(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

function makeDeps(database: Database, clock: () => Date): AppDeps {
  const log = pino({ level: 'silent' });
  const config = { appUrl: 'http://localhost:8080', mailFrom: 'bench@example.com', secretKey: 'bench-secret-key-bench-secret-key-0123', chain: loadChainConfig({}) } as Config;
  return {
    config,
    database,
    db: database.db,
    log,
    outbox: createOutbox({ db: database.db, smtpUrl: undefined, mailFrom: config.mailFrom, log }),
    now: clock,
    keys: deriveKeys(config.secretKey),
    chain: createChainRuntime(config.chain),
  };
}

async function seed(deps: AppDeps, count: number): Promise<void> {
  const users = Math.ceil(count / PER_USER);
  const actor = { actorId: null, impersonatorId: null, ip: null };
  let next = 0;
  let made = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (;;) {
        const index = next++;
        if (index >= users) return;
        const user = await insertUser(deps.db, {
          name: `Bench ${index}`,
          email: `bench-${index}-${randomBytes(3).toString('hex')}@example.com`,
          isVerified: true,
          kycStatus: 'Approved',
        });
        await deps.db.transaction((tx) => adjustBalance(tx, { userId: user.id, operation: 'add', amountCents: PER_USER * 19_000, reason: 'bench', actorId: null }));
        for (let n = 0; n < PER_USER && made < count; n += 1, made += 1) {
          const row = await startInvestment(deps, user, { amount: 10_000 + ((index * PER_USER + n) % 9_000), planName: 'Basic' });
          await approveInvestment(deps, actor, row.id);
        }
      }
    }),
  );
}

const clock = { offsetMs: 0 };
const now = () => new Date(Date.now() + clock.offsetMs);

/** Seeds the backlog once into a template database (through the real services); each run clones it. */
async function seedTemplate(admin: pg.Client): Promise<{ name: string; seedSeconds: number }> {
  const name = `vaultline_bench_maturity_t_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const database = openPostgres(urlFor(name), 20);
  try {
    await database.migrate();
    const start = performance.now();
    await seed(makeDeps(database, now), BACKLOG);
    return { name, seedSeconds: (performance.now() - start) / 1000 };
  } finally {
    await database.close();
  }
}

async function run(admin: pg.Client, template: string, instances: number, concurrency: number) {
  const name = `vaultline_bench_maturity_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name} template ${template}`);
  const databases: Database[] = [];
  try {
    for (let i = 0; i < instances; i += 1) databases.push(openPostgres(urlFor(name), Math.max(10, concurrency + 2)));
    const deps = databases.map((database) => makeDeps(database, now));
    const start = performance.now();
    const counts = await Promise.all(deps.map((d) => matureDue(d, { concurrency })));
    const seconds = (performance.now() - start) / 1000;
    const matured = counts.reduce((a, b) => a + b, 0);

    const check = (await databases[0]!.db.execute(
      sql`select (select count(*)::int from investments where status = 'Ended') as ended,
        (select count(*)::int from ledger_journals where kind = 'maturity') as journals,
        (select count(*)::int from email_outbox where kind = 'investment-matured') as emails`,
    )) as unknown as { rows: { ended: number; journals: number; emails: number }[] };
    const report = await verifyLedger(databases[0]!.db);
    return {
      matured,
      seconds: Number(seconds.toFixed(2)),
      perSecond: Math.round(matured / seconds),
      ...check.rows[0]!,
      ledgerOk: report.ok,
    };
  } finally {
    for (const database of databases) await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}

async function main() {
  console.log(`maturity backlog ${BACKLOG} on ${new URL(BASE_URL).host}`);
  const admin = new pg.Client({ connectionString: urlFor('postgres') });
  await admin.connect();
  const template = await seedTemplate(admin);
  console.log(`seeded ${BACKLOG} approved investments through the services in ${template.seedSeconds.toFixed(1)} s`);
  clock.offsetMs = 2 * 86_400_000; // every investment is now due
  try {
    for (const { instances, concurrency } of RUNS) {
      const result = await run(admin, template.name, instances, concurrency);
      console.log(
        `${instances} instance(s) x ${concurrency} worker(s): ${result.matured} matured in ${result.seconds} s = ${result.perSecond}/s ` +
          `(ended ${result.ended}, maturity journals ${result.journals}, emails ${result.emails}, ledger ${result.ledgerOk ? 'ok' : 'PROBLEMS'})`,
      );
    }
  } finally {
    await admin.query(`drop database if exists ${template.name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
