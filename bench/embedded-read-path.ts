// Where a signed-in read's time goes on the embedded database (issue 20 item 4, ADR 0020),
// in process, without HTTP (Fastify's inject) so the server's own work is what is measured:
// for getUser, the dashboard and the history page (first page of 50, a deep page of 100),
// the queries each request sends, the time PGlite spends in them (its query calls, from
// the call to the answer), and a CPU profile of each route under 32 concurrent requests,
// summed by where the code lives (PostgreSQL's WebAssembly, PGlite's protocol decoding, ...).
//
//   node --import tsx bench/embedded-read-path.ts        (REQUESTS=2000 ROUNDS=200 ENTRIES=300)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, PGLITE_SETTINGS, wrapPglite } from '../apps/server/src/db/client';
import { CONNECTIONS } from './lib';
import { ENTRIES, seedUser, signedInReads } from './history-seed';

const REQUESTS = Number(process.env.REQUESTS ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 200);

interface Counters {
  queries: number;
  queryMs: number;
}
const counters: Counters = { queries: 0, queryMs: 0 };

/**
 * Counts and times PGlite's statement calls: `query` (what Drizzle calls) and `exec` (what a
 * prepared statement's EXECUTE goes through, ADR 0022); a first PREPARE counts as one more.
 */
function instrument(client: PGlite) {
  for (const method of ['query', 'exec'] as const) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.assign(client, {
      [method]: async (...args: unknown[]) => {
        counters.queries += 1;
        const start = performance.now();
        try {
          return await original(...args);
        } finally {
          counters.queryMs += performance.now() - start;
        }
      },
    });
  }
}

/** Self time of a CPU profile by where the code lives. */
function summarize(profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>; samples: number[]; timeDeltas: number[] }) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const frame = byNode.get(id)!.callFrame;
    const url = frame.url;
    const bucket =
      frame.functionName === '(idle)' ? 'idle'
      : frame.functionName === '(garbage collector)' ? 'garbage collector'
      : frame.functionName === '(program)' ? 'V8/native (program)'
      : url.startsWith('wasm://') ? 'PGlite WebAssembly (PostgreSQL)'
      : url.includes('@electric-sql/pglite') ? 'PGlite JS (protocol, result decoding)'
      : url.includes('drizzle-orm') ? 'Drizzle'
      : url.includes('fastify') || url.includes('find-my-way') || url.includes('light-my-request') || url.includes('avvio') ? 'Fastify + inject'
      : url.includes('/zod/') ? 'zod'
      : url.includes('/apps/server/') || url.includes('/packages/shared/') ? 'our code'
      : url.startsWith('node:') || url === '' ? 'Node internals'
      : 'other libraries';
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + delta);
    if (bucket !== 'idle') {
      const key = `${frame.functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}`;
      functions.set(key, (functions.get(key) ?? 0) + delta);
    }
    total += delta;
  });
  const share = (value: number) => `${((100 * value) / total).toFixed(1)}%`;
  return {
    buckets: [...buckets].sort((a, b) => b[1] - a[1]).map(([name, value]) => `${name} ${share(value)}`).join(', '),
    top: [...functions].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, value]) => `${share(value)} ${name}`),
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-read-path-'));
  // The database made as the server makes it (initdb in a child), then opened here to be instrumented.
  await (await openDatabase({ dataDir })).close();
  const client = await PGlite.create(path.join(dataDir, 'pglite'), {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
  });
  const database = wrapPglite(client);
  await database.migrate();
  const tokens: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) tokens.push(await seedUser(database, i));
  await client.query('analyze');
  instrument(client);
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const headers = tokens.map((token) => ({ authorization: `Bearer ${token}` }));
  const get = async (url: string, index: number) => {
    const response = await app.inject({ method: 'GET', url, headers: headers[index % headers.length]! });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return response;
  };
  const routes = await signedInReads(async (url) => (await get(url, 0)).json<{ nextCursor: string | null }>().nextCursor);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  const lines: string[] = [`embedded read path: ${CONNECTIONS} users x ${ENTRIES} history items; node ${process.version}; load average ${os.loadavg().map((value) => value.toFixed(2)).join(', ')}`];
  for (const [name, url] of routes) {
    const bytes = (await get(url, 0)).rawPayload.length;
    for (let i = 0; i < 200; i += 1) await get(url, i);
    // One request at a time: what a request costs, and how much of it is PGlite's.
    Object.assign(counters, { queries: 0, queryMs: 0 });
    let start = performance.now();
    for (let i = 0; i < REQUESTS; i += 1) await get(url, i);
    const serialMs = performance.now() - start;
    const serial = { ...counters };
    // 32 at a time (one per user), profiled: the batched session reads then carry several requests.
    Object.assign(counters, { queries: 0, queryMs: 0 });
    await session.post('Profiler.start');
    start = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) await Promise.all(headers.map((_, index) => get(url, index)));
    const concurrentMs = performance.now() - start;
    const { profile } = await session.post('Profiler.stop');
    const concurrent = { ...counters };
    const requests = ROUNDS * CONNECTIONS;
    const us = (ms: number, count: number) => `${Math.round((1000 * ms) / count)} µs`;
    const summary = summarize(profile as never);
    writeFileSync(path.join(os.tmpdir(), `embedded-read-path-${name.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
    lines.push(
      `read path ${name} (${bytes} bytes): one at a time ${us(serialMs, REQUESTS)} a request, ${(serial.queries / REQUESTS).toFixed(2)} queries, PGlite ${us(serial.queryMs, REQUESTS)} = ${((100 * serial.queryMs) / serialMs).toFixed(0)}%; ` +
        `${CONNECTIONS} at a time ${Math.round(requests / (concurrentMs / 1000))} req/s, ${(concurrent.queries / requests).toFixed(2)} queries a request, in PGlite ${((100 * concurrent.queryMs) / concurrentMs).toFixed(0)}% of the time (calls overlap while they queue)`,
      `  profile (${CONNECTIONS} at a time): ${summary.buckets}`,
      ...summary.top.map((line) => `    ${line}`),
    );
    console.log(lines.slice(-3 - summary.top.length).join('\n'));
  }
  await app.close();
  await database.close();
  console.log(lines[0]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
