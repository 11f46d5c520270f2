import { execFile } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { selectRows } from './rows';
import { withPreparedStatements } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of `migrationsFolder` (default: those this build ships) not yet applied. */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  /** Which shipped migrations are pending, and whether a newer build migrated this database. */
  migrationStatus(): Promise<MigrationStatus>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, '../../drizzle');
/** Arbitrary constant that serialises migrations across instances starting together. */
const MIGRATION_LOCK_ID = 727_001;

/** A migration shipped with this build: its tag (file name) and the time drizzle records for it. */
interface ShippedMigration {
  tag: string;
  when: number;
}

/** What a database holds against what this build ships. */
export interface MigrationStatus {
  /** Shipped migrations not yet applied, in order. */
  pending: string[];
  /** Applied migrations this build does not ship: a newer build migrated the database. */
  unknown: number;
}

let shipped: ShippedMigration[] | undefined;
export async function shippedMigrations(): Promise<ShippedMigration[]> {
  if (!shipped) {
    const { readFile } = await import('node:fs/promises');
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: ShippedMigration[] };
    shipped = journal.entries.map(({ tag, when }) => ({ tag, when }));
  }
  return shipped;
}

/**
 * Drizzle applies the shipped migrations newer than the last one recorded (by their time), so
 * that comparison says what is pending; recorded times past the newest shipped one come from
 * a newer build. An empty database (no table yet) has everything pending.
 */
export async function migrationStatus(db: DbOrTx): Promise<MigrationStatus> {
  const [journal] = await selectRows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  const applied = journal?.present
    ? (await selectRows<{ at: string }>(db, sql`select created_at::text as at from drizzle.__drizzle_migrations`)).map((row) => Number(row.at))
    : [];
  const all = await shippedMigrations();
  const lastApplied = Math.max(0, ...applied);
  const lastShipped = all.at(-1)?.when ?? 0;
  return {
    pending: all.filter((migration) => migration.when > lastApplied).map((migration) => migration.tag),
    unknown: applied.filter((at) => at > lastShipped).length,
  };
}

/** `preparedStatements: false` only to measure what they bring (bench/pglite-statements.ts). */
export function wrapPglite(client: PGlite, { preparedStatements = true } = {}): Database {
  const db = drizzlePglite(preparedStatements ? withPreparedStatements(client) : client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: (options) => migratePglite(db as never, { migrationsFolder: options?.migrationsFolder ?? MIGRATIONS_DIR }),
    migrationStatus: () => migrationStatus(db),
    close: () => client.close(),
  };
}

/** DATABASE_QUERY_TIMEOUT_MS's default: a query with no answer by then fails and its connection is dropped. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
/** How long a new connection may take (and a request may wait for a pooled one). */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long close() waits for connections to be handed back before it drops them. */
const CLOSE_GRACE_MS = 2_000;

/** The query deadline of each database handle (transactions fall back to the default). */
const queryDeadlines = new WeakMap<object, number>();

/**
 * How long a batched read on this handle may wait before its callers are failed
 * (db/batched-read.ts): a second past the query deadline, which normally fails it first.
 */
export function batchDeadlineOf(db: DbOrTx): number {
  return (queryDeadlines.get(db) ?? DEFAULT_QUERY_TIMEOUT_MS) + 1_000;
}

interface StreamClient {
  connection?: { stream?: { destroy(error?: Error): void } };
}

/**
 * A query with no answer within `timeoutMs` ends its connection: the query fails ("Connection
 * terminated", a 503) and the pool drops the client instead of lending out a connection that
 * still waits for the old answer. pg's own query_timeout only fails the query, leaving the
 * connection busy (a stalled database would wedge the pool until restart). Ending the socket
 * also ends the transaction on the server side once it notices.
 */
function endStalledQueries(client: pg.PoolClient, timeoutMs: number): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const timer = setTimeout(() => {
      (client as unknown as StreamClient).connection?.stream?.destroy(new Error(`Query read timeout after ${timeoutMs} ms`));
    }, timeoutMs);
    const clear = () => clearTimeout(timer);
    // pool.query passes a callback; Drizzle's transactions use the promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        clear();
        (callback as (...results: unknown[]) => void)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (!result || typeof (result as Promise<unknown>).then !== 'function') {
      clear();
      return result;
    }
    (result as Promise<unknown>).then(clear, (error: unknown) => {
      clear();
      // Drizzle's transaction() releases its client only once BEGIN has succeeded: a BEGIN that
      // fails (the connection just died) would keep the client out of the pool for good, and a
      // few of those leave every request waiting for a connection. Hand it back as broken.
      if (isBegin(args[0])) releaseBroken(client, error);
    });
    return result;
  };
}

function isBegin(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
}

function releaseBroken(client: pg.PoolClient, error: unknown): void {
  try {
    client.release(error instanceof Error ? error : new Error(String(error)));
  } catch {
    // Already handed back by its borrower.
  }
}

export function openPostgres(url: string, poolSize = 10, options: { queryTimeoutMs?: number } = {}): Database {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Within the query deadline: a request waiting for a connection fails as soon as a query would.
    connectionTimeoutMillis: Math.min(CONNECT_TIMEOUT_MS, queryTimeoutMs),
    // A peer that vanished without a reset (a half-open link) is noticed by the OS, not only by the next query.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    // The server's side of a stall: a transaction whose client went silent gives back its locks.
    idle_in_transaction_session_timeout: queryTimeoutMs * 3,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // Nor a client losing it while checked out (pg_terminate_backend, failover): without a
    // listener its 'error' event is an uncaught exception; the running query fails by itself.
    client.on('error', () => {});
    endStalledQueries(client, queryTimeoutMs);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  queryDeadlines.set(db, queryTimeoutMs);
  return {
    db,
    kind: 'postgres',
    migrate: async (options) => {
      // Its own connection, without the query deadline: an index build may take longer.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      client.on('error', () => {});
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: options?.migrationsFolder ?? MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    migrationStatus: () => migrationStatus(db),
    close: async () => {
      // Connections still lent out (a query waiting on a database that went away) are dropped
      // after a grace period: shutdown must not wait for them.
      const ended = pool.end().then(() => 'ended' as const);
      const late = () => new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), CLOSE_GRACE_MS).unref());
      if ((await Promise.race([ended, late()])) === 'late') {
        for (const client of (pool as unknown as { _clients: StreamClient[] })._clients ?? []) client.connection?.stream?.destroy();
        await Promise.race([ended.catch(() => {}), late()]);
      }
    },
  };
}

/**
 * Postgres settings of the embedded database, on top of PGlite's own (ADR 0010). Postgres
 * zero-fills its shared buffers inside the WebAssembly memory at start, so every one of them
 * is resident from the first second: initdb's 128 MB were a quarter of the idle server.
 * 16 MB hold the hot pages of a single-machine deployment, and other reads come from the
 * OS page cache. maintenance_work_mem bounds what an index build in a migration adds to a
 * memory that never shrinks.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/**
 * Runs initdb for a new embedded database in a child process that exits when done: initdb
 * runs a second PGlite and its own WebAssembly module, whose memory this process would keep.
 * The database is created next to dir and renamed into place, so a crash never leaves half of one.
 */
async function createPgliteDir(dir: string): Promise<void> {
  if (existsSync(dir)) {
    if (readdirSync(dir).length > 0) throw new Error(`${dir} holds files but no database (no PG_VERSION): move it away and start again.`);
    rmdirSync(dir);
  }
  const staging = `${dir}.creating`;
  rmSync(staging, { recursive: true, force: true });
  const script = path.join(here, 'pglite-initdb.mjs');
  try {
    await promisify(execFile)(process.execPath, ['--wasm-lazy-compilation', '--liftoff-only', script, staging, ...PGLITE_SETTINGS]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${dir}${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
  renameSync(staging, dir);
}

/**
 * DATABASE_URL set: PostgreSQL (several processes welcome). Otherwise PGlite on disk under
 * dataDir, for this process alone: a second one is refused with DataDirInUseError.
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; databaseQueryTimeoutMs?: number }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, 10, { queryTimeoutMs: options.databaseQueryTimeoutMs });
  const lock = lockDataDir(options.dataDir);
  try {
    const dir = path.join(options.dataDir, 'pglite');
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteDir(dir);
    const client = await PGlite.create(dir, {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
    const database = wrapPglite(client);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
