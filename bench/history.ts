// The transaction history page under load (issue 20 item 1): 32 signed-in users, each with
// ENTRIES history items (deposits, withdrawals, investments, staff adjustments written to the
// source tables as the services write them), first and deep pages of 50 and 100 items, each
// beside the bare Fastify route measured right before and after it in the same run.
// On PostgreSQL also with FILLER more history items of 1,000 other users (flatness).
// With another checkout (built, as for bench/builds.ts), its server reads the same seeded
// database in the same run, right after this one's: the baseline beside each figure.
//
//   node --import tsx bench/history.ts [other checkout]      (embedded database)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/history.ts [other checkout]
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { ENTRIES, seedUser } from './history-seed';
import { CONNECTIONS, measure, startApp, startBare, otherCheckout } from './lib';

const FILLER = Number(process.env.FILLER ?? 1_000_000);
const other = otherCheckout();
const builds: Array<{ name: string; checkout?: string }> = [{ name: 'this' }, ...(other ? [{ name: 'other', checkout: other }] : [])];

/** Each page as a browser asks for it (Chromium's accept-encoding), and uncompressed. */
const ENCODINGS: Array<[name: string, headers: Record<string, string>]> = [
  ['as browsers ask', { 'accept-encoding': 'gzip, deflate, br, zstd' }],
  ['uncompressed', {}],
];

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

/** A response's body as it came over the wire (fetch would decompress it). */
function asSent(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? '' }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
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

  for (const build of builds) await measureBuild(`${name}${other ? ` ${build.name}` : ''}`, tokens, { ...options, dataDir, checkout: build.checkout });
}

/** One build's server on the seeded database: the floor and every page, each beside the bare route. */
async function measureBuild(name: string, tokens: string[], options: { databaseUrl?: string; dataDir: string; checkout?: string }) {
  const app = await startApp({ databaseUrl: options.databaseUrl, checkout: options.checkout, env: { DATA_DIR: options.dataDir } });
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
  // The same users' session read alone: what every page costs before its own work (the floor).
  const session = await measure({ url: `${app.url}/api/users/getUser`, headers });
  const bareAfterSession = (await measure({ url: `${bare.url}/bare` })).requestsPerSecond;
  console.log(
    `history ${name} floor, getUser of the same users: ${session.requestsPerSecond} req/s, p99 ${session.p99Ms} ms, ${(session.requestsPerSecond / ((bareBefore + bareAfterSession) / 2)).toFixed(2)} of the bare route (${bareBefore}/${bareAfterSession} req/s); non-2xx ${session.non2xx}, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  bareBefore = bareAfterSession;
  for (const [page, query] of pages) {
    for (const [encoding, asked] of ENCODINGS) {
      const asUsers = headers.map((each) => ({ ...each, ...asked }));
      const result = await measure({ url: `${app.url}/api/invest/getTransactionHistory${query}`, headers: asUsers });
      const bareAfter = (await measure({ url: `${bare.url}/bare`, headers: asked })).requestsPerSecond;
      const ratio = result.requestsPerSecond / ((bareBefore + bareAfter) / 2);
      // The page's own bytes (as sent: compressed or not) from the bare server: what sending the page costs here by itself.
      const { body, encoding: sentAs } = await asSent(`${app.url}/api/invest/getTransactionHistory${query}`, { 'accept-encoding': 'identity', ...headers[0], ...asked });
      const key = `${page}-${encoding}`.replace(/[^a-z0-9]+/gi, '-');
      await fetch(`${bare.url}/bodies/${key}?encoding=${sentAs}`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(body) });
      const size = body.length;
      // With the page's own requests (one user per connection), so only the server differs.
      const sameBytes = (await measure({ url: `${bare.url}/bodies/${key}`, headers: asUsers })).requestsPerSecond;
      console.log(
        `history ${name} ${page}, ${encoding}: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms, ${ratio.toFixed(2)} of the bare route (${bareBefore}/${bareAfter} req/s); ${(result.requestsPerSecond / sameBytes).toFixed(2)} of the bare route sending the page's ${size} bytes${sentAs ? ` (${sentAs})` : ''} (${sameBytes} req/s, ${(sameBytes / ((bareBefore + bareAfter) / 2)).toFixed(2)} of the bare route); non-2xx ${result.non2xx}, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
      bareBefore = bareAfter;
    }
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
