// What the embedded database's prepared statements bring (ADR 0022): the same data in two
// PGlite instances, one app on each, one with the statement cache and one without, measured in
// alternating rounds in this one process: per round, each read 32 at a time (one per user) for
// ROUNDS_REQUESTS requests, the process's CPU time per request. Prints each read's median CPU
// µs per request on both sides and their quotient. CPU time, not throughput: a busy host
// disturbs it far less.
//
//   node --wasm-lazy-compilation --liftoff-only --import tsx bench/pglite-statements.ts    (ROUNDS=6)
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, PGLITE_SETTINGS, wrapPglite } from '../apps/server/src/db/client';
import { CONNECTIONS } from './lib';
import { ENTRIES, seedUser, signedInReads } from './history-seed';

const ROUNDS = Number(process.env.ROUNDS ?? 6);
const REQUESTS = Number(process.env.ROUNDS_REQUESTS ?? 1600);
const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-statements-'));
  const seeded = await openDatabase({ dataDir });
  await seeded.migrate();
  const tokens: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) tokens.push(await seedUser(seeded, i));
  await seeded.close();
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789' });
  const sides: Array<{ name: string; app: Awaited<ReturnType<typeof buildApp>>; cpu: Map<string, number[]> }> = [];
  for (const preparedStatements of [false, true]) {
    // Each side on its own copy of the seeded database.
    const copy = await PGlite.create(path.join(dataDir, 'pglite'), { startParams });
    const dump = await copy.dumpDataDir('none');
    await copy.close();
    const client = await PGlite.create({ loadDataDir: dump, startParams });
    await client.query('analyze');
    const app = await buildApp({ config, database: wrapPglite(client, { preparedStatements }), logger: false });
    await app.ready();
    sides.push({ name: preparedStatements ? 'prepared' : 'unprepared', app, cpu: new Map<string, number[]>() });
  }
  const headers = tokens.map((token) => ({ authorization: `Bearer ${token}` }));
  const get = async (app: Awaited<ReturnType<typeof buildApp>>, url: string, index: number) => {
    const response = await app.inject({ method: 'GET', url, headers: headers[index % headers.length]! });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return response;
  };
  const reads = await signedInReads(async (url) => (await get(sides[0]!.app, url, 0)).json<{ nextCursor: string | null }>().nextCursor);
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      for (const [name, url] of reads) {
        for (let i = 0; i < 64; i += 1) await get(side.app, url, i);
        const before = process.cpuUsage();
        for (let done = 0; done < REQUESTS; done += CONNECTIONS) await Promise.all(headers.map((_, index) => get(side.app, url, index)));
        const used = process.cpuUsage(before);
        side.cpu.set(name, [...(side.cpu.get(name) ?? []), (used.user + used.system) / REQUESTS]);
      }
    }
  }
  console.log(`pglite statements: ${CONNECTIONS} users x ${ENTRIES} history items, ${ROUNDS} alternating rounds of ${REQUESTS} requests, node ${process.version}, load average ${os.loadavg().map((value) => value.toFixed(1)).join(', ')}`);
  for (const [name] of reads) {
    const [unprepared, prepared] = sides.map((side) => median(side.cpu.get(name)!));
    console.log(`statements ${name}: CPU per request ${Math.round(unprepared!)} µs unprepared, ${Math.round(prepared!)} µs prepared (${(prepared! / unprepared!).toFixed(2)})`);
  }
  for (const side of sides) await side.app.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
