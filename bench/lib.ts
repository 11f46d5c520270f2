import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childServerEnv, freePort } from '../apps/server/test/proof/proc';
import { generateLoad, percentile, type LoadResult } from './load';

export { freePort };
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The other checkout a bench compares with this one (its first argument; built there), if given. */
export function otherCheckout(): string | undefined {
  return process.argv[2] ? path.resolve(process.argv[2]) : undefined;
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

/**
 * CPU placement where it can be set (Linux, two or more cores, `taskset`): every server under
 * test on core 0, and this process, the load generator, on core 1 while it measures. Left to
 * the scheduler, the load generator sometimes shared a core with the server it loads: the
 * bare route alone measured 61,000-87,000 req/s within one hour on the 2-core development
 * machine, and 83,000-88,000 pinned. PostgreSQL runs where the system puts it. BENCH_PIN=0
 * leaves placement to the scheduler.
 */
const pinning = process.env.BENCH_PIN !== '0' && os.cpus().length >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
export const PLACEMENT = pinning ? 'servers on core 0, load generator on core 1' : 'unpinned';

function setOwnCpus(cpus: string) {
  spawnSync('taskset', ['-a', '-pc', cpus, String(process.pid)], { stdio: 'ignore' });
}

/** Starts a server process under test (pinned to core 0 when pinning). */
function spawnServer(args: string[], options: SpawnOptions): ChildProcess {
  return pinning ? spawn('taskset', ['-c', '0', process.execPath, ...args], options) : spawn(process.execPath, args, options);
}

export async function startBare(): Promise<RunningServer> {
  const child = spawnServer(['--import', 'tsx', path.join(ROOT, 'bench/bare-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
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
 * the same Node flags; on the embedded database, or on PostgreSQL with databaseUrl; this
 * checkout's sources unless `checkout` names another (its bundle built already).
 */
export async function startApp(
  options: { databaseUrl?: string; env?: Record<string, string>; checkout?: string; bundle?: string; nodeFlags?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Another checkout (bench/builds.ts) brings its own server bundle, built there.
  const checkout = options.checkout ?? ROOT;
  if (!options.checkout && !bundleBuilt) {
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
    bundleBuilt = true;
  }
  const bundle = options.bundle ?? path.join(checkout, 'apps/server/dist/server.mjs');
  const child = spawnServer([...startFlags(), ...(options.nodeFlags ?? []), bundle], {
    cwd: checkout,
    // The scenarios register a user per connection, all from this address (childServerEnv scales the auth rate limits).
    env: childServerEnv(port, 'bench', { DATABASE_URL: options.databaseUrl ?? '', ...options.env }),
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
  /** Called (and awaited) between the unmeasured warm-up second and the measured run (bench/builds.ts reads the server's CPU time there). */
  afterWarmUp?: () => unknown;
  /** One set for every request, or several: connection i then sends set i modulo their number (one user per connection). */
  headers?: Record<string, string> | Record<string, string>[];
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  body?: string;
}): Promise<Measurement> {
  const { url, headers, method, body } = options;
  const connections = options.connections ?? CONNECTIONS;
  const headerSets = Array.isArray(headers) ? headers : [headers ?? {}];
  const run = (durationSeconds: number) => generateLoad({ url, connections, durationSeconds, headerSets, method, body });
  if (pinning) setOwnCpus('1');
  let result: LoadResult;
  const durationSeconds = options.durationSeconds ?? Number(process.env.BENCH_DURATION ?? 5);
  try {
    // An unmeasured second first, so neither the server's nor the load generator's JIT is cold
    // in the figure (the baseline, measured first, would otherwise carry a cold load generator).
    await run(1);
    await options.afterWarmUp?.();
    result = await run(durationSeconds);
  } finally {
    if (pinning) setOwnCpus(`0-${os.cpus().length - 1}`);
  }
  return {
    requestsPerSecond: Math.round(result.requests / durationSeconds),
    p99Ms: Math.round(percentile(result.latenciesMs, 0.99) * 10) / 10,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** CPU time (user + system) a process has used so far, in microseconds (Linux /proc). */
export function cpuMicros(child: ChildProcess): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
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
