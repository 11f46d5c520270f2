/**
 * Helpers for the proof suites that run the real server as a child process and put a
 * cuttable TCP proxy between the app and PostgreSQL. Traffic stays on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The environment of a server child process on 127.0.0.1:port in production mode: its own data
 * folder and secret key named after `purpose`, warnings only, auth rate limits scaled up (one
 * address makes every request); `env` is laid over it.
 */
export function childServerEnv(port: number, purpose: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `vaultline-${purpose}-`)),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SECRET_KEY: `${purpose}-secret-key-${purpose}-secret-key-0123456789`,
    AUTH_RATE_LIMIT_SCALE: '1000',
    ...env,
  };
}

export interface ChildServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts apps/server/src/server.ts on PostgreSQL and waits for /api/ready (bounded). */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}, timeoutMs = 90_000): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: childServerEnv(port, 'proof', {
      DATABASE_URL: databaseUrl,
      // Rate limits in this process only: Redis (CI sets REDIS_URL) would carry counts between runs.
      REDIS_URL: '',
      RUN_JOBS: 'false',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within ${timeoutMs} ms: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    url,
    child,
    output: () => output,
    kill: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

export interface CuttableProxy {
  port: number;
  /** Drops every open connection and refuses new ones (a database that is down). */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  /**
   * Stops passing bytes either way without closing anything, and holds new connections
   * unanswered: a database that stops answering without a reset (a half-open link, a failover
   * behind a load balancer).
   */
  stall(): void;
  /** Passes bytes again, held connections included. */
  resume(): void;
  close(): Promise<void>;
}

/** A TCP proxy to 127.0.0.1:targetPort that can refuse, drop or stall everything, like a database on a bad day. */
export async function cuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  /** Each connection's way of stopping and starting its flow of bytes. */
  const links = new Set<{ stop(): void; start(): void }>();
  const held: Array<() => void> = [];
  let stalled = false;
  const port = await freePort();
  let server: net.Server | undefined;
  const connect = (client: net.Socket) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    const link = {
      stop() {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      },
      start() {
        client.pipe(upstream);
        upstream.pipe(client);
      },
    };
    links.add(link);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
      links.delete(link);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    if (stalled) link.stop();
    else link.start();
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      server = net.createServer((client) => {
        sockets.add(client);
        if (!stalled) return connect(client);
        client.pause();
        const drop = () => {
          client.destroy();
          sockets.delete(client);
        };
        client.on('error', drop).on('close', drop);
        held.push(() => {
          client.off('error', drop).off('close', drop);
          if (!client.destroyed) connect(client);
        });
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      links.clear();
      held.length = 0;
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await listen();
  return {
    port,
    cut: stop,
    restore: listen,
    stall: () => {
      stalled = true;
      for (const link of links) link.stop();
    },
    resume: () => {
      stalled = false;
      for (const link of links) link.start();
      for (const release of held.splice(0)) release();
    },
    close: stop,
  };
}
