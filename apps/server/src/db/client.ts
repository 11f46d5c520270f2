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
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** True when every migration shipped with this build has been applied. */
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, '../../drizzle');
/** Arbitrary constant that serialises migrations across instances starting together. */
const MIGRATION_LOCK_ID = 727_001;

async function countAppliedMigrations(db: Db): Promise<number> {
  try {
    const result = (await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { count: number }[];
    };
    return Number(result.rows[0]?.count ?? 0);
  } catch {
    return 0;
  }
}

let shippedCount: number | undefined;
async function shippedMigrationCount(): Promise<number> {
  if (shippedCount === undefined) {
    const { readFile } = await import('node:fs/promises');
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    shippedCount = journal.entries.length;
  }
  return shippedCount;
}

/** `preparedStatements: false` only to measure what they bring (bench/pglite-statements.ts). */
export function wrapPglite(client: PGlite, { preparedStatements = true } = {}): Database {
  const db = drizzlePglite(preparedStatements ? withPreparedStatements(client) : client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    migrationsApplied: async () => (await countAppliedMigrations(db)) >= (await shippedMigrationCount()),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor a client losing it while checked out (pg_terminate_backend, failover): without a
  // listener its 'error' event is an uncaught exception; the running query fails by itself.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    migrationsApplied: async () => (await countAppliedMigrations(db)) >= (await shippedMigrationCount()),
    close: () => pool.end(),
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
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
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
