// The transaction history page under load (issue 20 item 1): 32 signed-in users, each with
// ENTRIES history items (deposits, withdrawals, investments, staff adjustments written to the
// source tables as the services write them), first and deep pages of 50 and 100 items, each
// beside the bare Fastify route measured right before and after it in the same run.
// On PostgreSQL also with FILLER more history items of 1,000 other users (flatness).
//
//   node --import tsx bench/history.ts                       (embedded database)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/history.ts
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { adjustBalance } from '../apps/server/src/ledger';
import { insertUser } from '../apps/server/src/services/auth/accounts';
import { createSession } from '../apps/server/src/services/auth/sessions';
import { CONNECTIONS, measure, startApp, startBare } from './lib';

const ENTRIES = Number(process.env.ENTRIES ?? 300);
const FILLER = Number(process.env.FILLER ?? 1_000_000);

/** Every user's items at the same instants, so one cursor is as deep in each user's history. */
async function seedUser(database: Database, index: number): Promise<string> {
  const db = database.db;
  const user = await insertUser(db, { name: `History ${index}`, email: `history-${index}-${Date.now()}@bench.example.com`, isVerified: true, kycStatus: 'Approved' });
  const deposits = Math.round(ENTRIES * 0.5);
  const withdrawals = Math.round(ENTRIES * 0.3);
  const investments = Math.round(ENTRIES * 0.15);
  const adjustments = ENTRIES - deposits - withdrawals - investments;
  await db.execute(sql`insert into payments (id, transaction_id, user_id, amount_cents, asset, tx_hash, status, created_at)
    select gen_random_uuid()::text, 'DEP-' || substr(md5(random()::text), 1, 12), ${user.id}, 1000 + g * 7, 'USDT',
      case when g % 4 = 0 then '0x' || md5(g::text || ${user.id}) end, case when g % 3 = 0 then 'Pending' else 'Confirmed' end,
      timestamptz '2026-01-01' - make_interval(secs => g * 3600)
    from generate_series(1, ${deposits}) g`);
  await db.execute(sql`insert into withdrawals (id, user_id, amount_cents, fee_cents, asset, wallet_address, status, hold_id, request_date)
    select gen_random_uuid()::text, ${user.id}, 500 + g, 100, 'USDT', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      case when g % 2 = 0 then 'Approved' else 'Rejected' end, g, timestamptz '2026-01-01' - make_interval(secs => g * 6000 + 30)
    from generate_series(1, ${withdrawals}) g`);
  await db.execute(sql`insert into investments (id, investment_id, user_id, plan_id, plan_name, roi_basis_points, duration_seconds, amount_cents, status, created_at, start_date)
    select gen_random_uuid()::text, 'INV-' || substr(md5(random()::text), 1, 12), ${user.id}, 'bench', 'Bench plan', 800, 2592000, 10000 + g,
      case when g % 2 = 0 then 'Active' else 'Ended' end, timestamptz '2026-01-01' - make_interval(secs => g * 12000 + 60),
      timestamptz '2026-01-01' - make_interval(secs => g * 12000)
    from generate_series(1, ${investments}) g`);
  for (let i = 1; i <= adjustments; i += 1) {
    await db.transaction((tx) =>
      adjustBalance(tx, { userId: user.id, operation: 'add', amountCents: 100 + i, reason: `Bench credit ${i}`, actorId: null, at: new Date(Date.parse('2026-01-01') - i * 36_000_000 - 90_000) }),
    );
  }
  return (await createSession(db, user.id)).token;
}

/** FILLER deposits of 1,000 other users, written in one statement per 100,000. */
async function seedFiller(database: Database): Promise<void> {
  const perUser = Math.ceil(FILLER / 1000);
  await database.db.execute(sql`insert into users (id, name, email, referral_code)
    select 'filler-' || u, 'Filler ' || u, 'filler-' || u || '@bench.example.com', 'FILL' || u from generate_series(1, 1000) u on conflict do nothing`);
  for (let from = 1; from <= perUser; from += 100) {
    const to = Math.min(perUser, from + 99);
    await database.db.execute(sql`insert into payments (id, transaction_id, user_id, amount_cents, asset, status, created_at)
      select gen_random_uuid()::text, 'FIL-' || u || '-' || g, 'filler-' || u, 1000 + g, 'USDT', 'Confirmed', timestamptz '2026-01-01' - make_interval(secs => g * 3600)
      from generate_series(1, 1000) u, generate_series(${from}::int, ${to}::int) g`);
  }
  await database.db.execute(sql`analyze`);
}

async function side(name: string, options: { databaseUrl?: string; filler: number }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-history-bench-'));
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir });
  await database.migrate();
  const started = Date.now();
  const tokens: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) tokens.push(await seedUser(database, i));
  if (options.filler > 0) await seedFiller(database);
  await database.db.execute(sql`analyze`);
  await database.close();
  console.log(`${name}: seeded ${CONNECTIONS} users x ${ENTRIES} items${options.filler ? ` + ${options.filler} filler items` : ''} in ${Math.round((Date.now() - started) / 1000)} s`);

  const app = await startApp({ databaseUrl: options.databaseUrl, env: { DATA_DIR: dataDir } });
  const bare = await startBare();
  const headers = tokens.map((token) => ({ authorization: `Bearer ${token}` }));
  // The cursor half-way down (the same depth for every user: their items share instants).
  let cursor: string | null = null;
  for (let seen = 0; seen < ENTRIES / 2; seen += 100) {
    const response: Response = await fetch(`${app.url}/api/invest/getTransactionHistory?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: headers[0] });
    cursor = ((await response.json()) as { nextCursor: string | null }).nextCursor;
  }
  const pages = [
    ['first page, 50 items', '?limit=50'],
    ['first page, 100 items', '?limit=100'],
    ['deep page, 50 items', `?limit=50&cursor=${cursor}`],
    ['deep page, 100 items', `?limit=100&cursor=${cursor}`],
  ] as const;
  let bareBefore = (await measure({ url: `${bare.url}/bare` })).requestsPerSecond;
  for (const [page, query] of pages) {
    const result = await measure({ url: `${app.url}/api/invest/getTransactionHistory${query}`, headers });
    const bareAfter = (await measure({ url: `${bare.url}/bare` })).requestsPerSecond;
    const ratio = result.requestsPerSecond / ((bareBefore + bareAfter) / 2);
    console.log(
      `history ${name} ${page}: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, ${ratio.toFixed(2)} of the bare route (${bareBefore}/${bareAfter} req/s), non-2xx ${result.non2xx}, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    bareBefore = bareAfter;
  }
  await bare.stop();
  await app.stop();
}

async function main() {
  const base = process.env.BENCH_DATABASE_URL;
  const only = process.env.HISTORY_SIDES?.split(',');
  const want = (name: string) => !only || only.includes(name);
  if (want('embedded')) await side('embedded', { filler: 0 });
  if (base) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    for (const [name, filler] of [
      ['postgres', 0],
      ['postgres-large', FILLER],
    ] as const) {
      if (!want(name)) continue;
      const database = `vaultline_history_${name.replace('-', '_')}_${Date.now()}`;
      await admin.query(`create database ${database}`);
      const url = new URL(base);
      url.pathname = `/${database}`;
      try {
        await side(name, { databaseUrl: url.toString(), filler });
      } finally {
        await admin.query(`drop database if exists ${database} with (force)`);
      }
    }
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
