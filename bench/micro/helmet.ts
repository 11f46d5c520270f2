// node --import tsx bench/micro/helmet.ts: the security headers of one request, as the server
// sets them (worked out once from helmet, plugins/security.ts) and as @fastify/helmet does (it
// runs helmet's middleware, built anew from the options, in two hooks per request). Each app
// answers the same route through Fastify's inject; the difference is the headers' cost.
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { helmetOptions, securityPlugin } from '../../apps/server/src/plugins/security';

const options = { appUrl: 'http://localhost:3000' };
async function app(kind: 'none' | 'precomputed' | '@fastify/helmet') {
  const server = Fastify({ logger: false });
  if (kind === 'precomputed') await server.register(securityPlugin, options);
  if (kind === '@fastify/helmet') await server.register(fastifyHelmet, helmetOptions({}) as never);
  server.get('/x', async () => ({ status: 'ok' }));
  await server.ready();
  return server;
}
const apps = { none: await app('none'), precomputed: await app('precomputed'), '@fastify/helmet': await app('@fastify/helmet') };
const check = await apps['@fastify/helmet'].inject('/x');
const mine = await apps.precomputed.inject('/x');
for (const [name, value] of Object.entries(check.headers)) {
  if (['date', 'content-length', 'connection', 'x-request-id'].includes(name)) continue;
  if (mine.headers[name] !== value) console.log(`header differs: ${name}: ${String(mine.headers[name])} vs ${String(value)}`);
}
// inject is asynchronous: each candidate runs a batch of requests and waits for them.
const batch = 200;
const timed: Record<string, number[]> = { none: [], precomputed: [], '@fastify/helmet': [] };
for (let round = 0; round < 9; round += 1) {
  for (const [name, server] of Object.entries(apps)) {
    const before = process.cpuUsage();
    for (let i = 0; i < 10; i += 1) await Promise.all(Array.from({ length: batch }, () => server.inject('/x')));
    const used = process.cpuUsage(before);
    timed[name]!.push((used.user + used.system) / (10 * batch));
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log('one injected request, this process\'s CPU (median of 9 alternating rounds of 2,000)');
for (const [name, values] of Object.entries(timed)) console.log(`  ${name.padEnd(18)} ${median(values).toFixed(2)} µs (rounds ${values.map((v) => v.toFixed(1)).join(' ')})`);
