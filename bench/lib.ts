import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

export async function startBare(): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString()) as { port: number }).port));
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/bare`, child);
  return { url, process: child, stop: stopper(child) };
}

/** The server bundle is built once per bench run, from the sources as they are. */
let bundleBuilt = false;

/** The Node flags `npm start` runs the server with (package.json). */
function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Starts the real app (built web app included) as `npm start` runs it: the server bundle, with
 * the same Node flags; on the embedded database, or on PostgreSQL with databaseUrl.
 */
export async function startApp(options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  if (!bundleBuilt) {
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
    bundleBuilt = true;
  }
  const child = spawn(process.execPath, [...startFlags(), path.join(ROOT, 'apps/server/dist/server.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'vaultline-bench-')),
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
      // The scenarios register a user per connection, all from this address.
      AUTH_RATE_LIMIT_SCALE: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${url}/api/ready`, child);
  return { url, process: child, stop: stopper(child) };
}

export interface Measurement {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Concurrent connections of every scenario (and signed-in users of the authenticated ones). */
export const CONNECTIONS = 32;

export async function measure(options: {
  url: string;
  connections?: number;
  durationSeconds?: number;
  /** One set for every request, or several: each connection then sends one of them (one user per connection). */
  headers?: Record<string, string> | Record<string, string>[];
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  body?: string;
}): Promise<Measurement> {
  const { headers } = options;
  let nextSet = 0;
  const request = {
    url: options.url,
    connections: options.connections ?? CONNECTIONS,
    ...(Array.isArray(headers)
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request, context: { headers?: Record<string, string> }) => {
                context.headers ??= headers[nextSet++ % headers.length];
                return { ...request, headers: { ...request.headers, ...context.headers } };
              },
            },
          ],
        }
      : headers
        ? { headers }
        : {}),
    ...(options.method ? { method: options.method } : {}),
    ...(options.body ? { body: options.body } : {}),
  };
  // An unmeasured second first, so neither the server's nor autocannon's JIT is cold in the
  // figure (the baseline, measured first, would otherwise carry a cold load generator).
  await autocannon({ ...request, duration: 1 });
  const result = await autocannon({ ...request, duration: options.durationSeconds ?? Number(process.env.BENCH_DURATION ?? 5) });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function rssMb(child: ChildProcess): number {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const match = status.match(/VmRSS:\s+(\d+)/);
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}
