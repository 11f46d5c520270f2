// `node --import tsx bench/auth.ts`: the argon2id hash time (the floor of a login) and the
// latency of password logins, 20 at a time, against the real server (embedded database, or
// PostgreSQL with BENCH_DATABASE_URL). Results also go to bench/results/auth.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/passwords';
import { ROOT, startApp } from './lib';

const CONCURRENCY = 20;
const ROUNDS = Number(process.env.BENCH_LOGIN_ROUNDS ?? 10);
const PASSWORD = 'Bench-Passw0rd!';

function percentile(sorted: number[], q: number) {
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1));
}

async function argon2Timing() {
  const hashes: number[] = [];
  let hash = '';
  for (let i = 0; i < 21; i += 1) {
    const start = performance.now();
    hash = await hashPassword(`${PASSWORD}${i}`);
    if (i > 0) hashes.push(performance.now() - start);
  }
  const verifies: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const start = performance.now();
    await verifyPassword(hash, PASSWORD);
    verifies.push(performance.now() - start);
  }
  hashes.sort((a, b) => a - b);
  verifies.sort((a, b) => a - b);
  return { hashMedianMs: percentile(hashes, 0.5), verifyMedianMs: percentile(verifies, 0.5) };
}

async function loginLatency(databaseUrl?: string) {
  const app = await startApp({ databaseUrl, env: { AUTH_RATE_LIMIT_SCALE: '1000' } });
  try {
    const email = `login-bench-${Date.now().toString(36)}@example.com`;
    const registered = await fetch(`${app.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Login Bench', email, password: PASSWORD, phone: '+14155550100', country: 'United States' }),
    });
    // The registering browser is trusted: keep its device cookie so logins skip the email code.
    const did = /(?:^|,\s*)did=([^;]+)/.exec(registered.headers.get('set-cookie') ?? '')?.[1];
    if (registered.status !== 201 || !did) throw new Error(`register failed: ${registered.status}`);
    const latencies: number[] = [];
    const login = async () => {
      const start = performance.now();
      const response = await fetch(`${app.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `did=${did}` },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
      latencies.push(performance.now() - start);
    };
    await login();
    latencies.length = 0;
    for (let round = 0; round < ROUNDS; round += 1) await Promise.all(Array.from({ length: CONCURRENCY }, login));
    latencies.sort((a, b) => a - b);
    return { logins: latencies.length, concurrency: CONCURRENCY, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) };
  } finally {
    await app.stop();
  }
}

async function main() {
  const argon2 = await argon2Timing();
  console.log(`argon2id (19 MiB, t=2): hash ${argon2.hashMedianMs} ms, verify ${argon2.verifyMedianMs} ms (medians)`);
  const rows: Record<string, unknown> = { embedded: await loginLatency() };
  if (process.env.BENCH_DATABASE_URL) rows.postgres = await loginLatency(process.env.BENCH_DATABASE_URL);
  console.table(rows);
  const machine = `${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}, node ${process.version}`;
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/auth.json'), `${JSON.stringify({ at: new Date().toISOString(), machine, argon2, login: rows }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
