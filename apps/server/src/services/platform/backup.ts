/**
 * Backups (issue 44.2, ADR 0026): one archive with `manifest.json` first, every table but the
 * session ones as JSON lines, the sequences, and the KYC documents as stored (still
 * encrypted). All of it is read in one REPEATABLE READ transaction, so on PostgreSQL a backup
 * taken while the server serves is one consistent moment. The rows are written as the
 * database prints them (row_to_json) and loaded back by it (json_populate_recordset): no value
 * passes through a JavaScript number, and an archive of either database loads into the other.
 */
import { execFile } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { migrationStatus, shippedMigrations, type Database, type DbOrTx, type Tx } from '../../db/client';
import { selectRows } from '../../db/rows';
import { documentsRoot } from '../kyc/document-storage';

export const BACKUP_FORMAT = 'vaultline-backup';
export const BACKUP_FORMAT_VERSION = 1;
/** Sessions are not backed up: a restored install signs everyone in again. */
export const TABLES_LEFT_OUT = ['sessions', 'session_verifications'];
/** Documents travel as files under documents/, whichever store held them. */
const DOCUMENTS_TABLE = 'stored_documents';
/** Keys the document store's health check writes and removes. */
const PROBE_PREFIX = 'health/';
const FETCH_ROWS = 2_000;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  productVersion: string;
  /** The last migration applied to the database backed up: a restore brings the schema there before loading. */
  lastMigration: string;
  takenAt: string;
  database: Database['kind'];
  /** HMAC of a fixed label under SECRET_KEY: tells whether a key is the one the backup needs, never the key. */
  secretKeyFingerprint: string;
  tables: Record<string, { rows: number }>;
  documents: number;
  /** sha256 of every other file in the archive, by its path there. */
  files: Record<string, string>;
}

export interface BackupSource {
  database: Database;
  config: Pick<Config, 'secretKey' | 'documentStore' | 'dataDir'>;
}

export function secretKeyFingerprint(secretKey: string): string {
  return createHmac('sha256', secretKey).update('vaultline backup fingerprint').digest('hex').slice(0, 16);
}

async function productVersion(): Promise<string> {
  const file = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../package.json');
  try {
    return (JSON.parse(await readFile(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Where a file of the archive lives in its staging directory. */
export const tableFile = (table: string) => `database/${table}.jsonl`;
export const SEQUENCES_FILE = 'database/sequences.json';
export const documentFile = (key: string) => `documents/${key}.bin`;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Writes the backup of `source` to `file` (.tar.gz, .tgz or .tar); returns its manifest. */
export async function writeBackup(source: BackupSource, file: string): Promise<BackupManifest> {
  const target = path.resolve(file);
  const compress = archiveCompression(target);
  if (!existsSync(path.dirname(target))) throw new Error(`the directory of ${target} does not exist`);
  const staging = await mkdtemp(path.join(os.tmpdir(), 'vaultline-backup-'));
  try {
    const manifest = await stage(source, staging);
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // manifest.json first: a reader finds what the archive holds before anything else.
    const entries = ['manifest.json', ...(await readdir(staging)).filter((entry) => entry !== 'manifest.json').sort()];
    const partial = `${target}.partial`;
    await promisify(execFile)('tar', ['-c', ...(compress ? ['-z'] : []), '-f', partial, '-C', staging, ...entries]);
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** .tar.gz / .tgz compressed, .tar plain; anything else is refused before any work. */
export function archiveCompression(file: string): boolean {
  if (/\.(tar\.gz|tgz)$/i.test(file)) return true;
  if (/\.tar$/i.test(file)) return false;
  throw new Error(`${path.basename(file)}: name the archive .tar.gz, .tgz or .tar`);
}

async function stage(source: BackupSource, staging: string): Promise<BackupManifest> {
  const { database, config } = source;
  const files: Record<string, string> = {};
  const tables: BackupManifest['tables'] = {};
  await mkdir(path.join(staging, 'database'));
  await mkdir(path.join(staging, 'documents'));
  const migrations = await shippedMigrations();
  let lastMigration = '';
  let documents = 0;
  await database.db.transaction(
    async (tx) => {
      const status = await migrationStatus(tx);
      if (status.unknown > 0) throw new Error('the database was migrated by a newer build: back it up with that build');
      const applied = migrations.filter((migration) => !status.pending.includes(migration.tag));
      lastMigration = applied.at(-1)?.tag ?? '';
      if (!lastMigration) throw new Error('the database is empty (no migration applied): there is nothing to back up');
      for (const table of await backedUpTables(tx)) {
        const { rows, digest } = await dumpTable(tx, table, path.join(staging, tableFile(table)));
        tables[table] = { rows };
        files[tableFile(table)] = digest;
      }
      const sequences = await selectRows<{ name: string; last_value: string | null }>(
        tx,
        sql`select sequencename as name, last_value::text as last_value from pg_sequences where schemaname = 'public' order by sequencename`,
      );
      const sequencesText = JSON.stringify(Object.fromEntries(sequences.map((row) => [row.name, row.last_value])));
      await writeFile(path.join(staging, SEQUENCES_FILE), sequencesText);
      files[SEQUENCES_FILE] = sha256(sequencesText);
      if (config.documentStore === 'database') {
        for (const row of await selectRows<{ key: string; data: string }>(tx, sql`select key, encode(data, 'base64') as data from stored_documents order by key`)) {
          if (row.key.startsWith(PROBE_PREFIX)) continue;
          files[documentFile(row.key)] = await stageDocument(staging, row.key, Buffer.from(row.data, 'base64'));
          documents += 1;
        }
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (config.documentStore === 'filesystem') {
    const root = documentsRoot(config.dataDir);
    for (const key of await documentKeysOnDisk(root)) {
      files[documentFile(key)] = await stageDocument(staging, key, await readFile(path.join(root, `${key}.bin`)));
      documents += 1;
    }
  }
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    productVersion: await productVersion(),
    lastMigration,
    takenAt: new Date().toISOString(),
    database: database.kind,
    secretKeyFingerprint: secretKeyFingerprint(config.secretKey),
    tables,
    documents,
    files,
  };
}

/** Every table of the app's schema (`public`), in name order. */
export async function appTables(db: DbOrTx): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/** The app's tables, sessions and stored documents left out, in name order. */
export async function backedUpTables(db: DbOrTx): Promise<string[]> {
  return (await appTables(db)).filter((name) => !TABLES_LEFT_OUT.includes(name) && name !== DOCUMENTS_TABLE);
}

/** One table as JSON lines, read through a cursor so a large table never sits in memory whole. */
async function dumpTable(tx: Tx, table: string, file: string): Promise<{ rows: number; digest: string }> {
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let rows = 0;
  const cursor = sql.identifier(`backup_${table}`);
  await tx.execute(sql`declare ${cursor} no scroll cursor for select row_to_json(t)::text as line from ${sql.identifier(table)} t`);
  try {
    for (;;) {
      const batch = await selectRows<{ line: string }>(tx, sql`fetch ${sql.raw(String(FETCH_ROWS))} from ${cursor}`);
      if (batch.length === 0) break;
      const text = `${batch.map((row) => row.line).join('\n')}\n`;
      hash.update(text);
      rows += batch.length;
      if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  } finally {
    await tx.execute(sql`close ${cursor}`);
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  return { rows, digest: hash.digest('hex') };
}

async function stageDocument(staging: string, key: string, data: Buffer): Promise<string> {
  const file = path.join(staging, documentFile(key));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  return sha256(data);
}

/** The keys of the documents under the filesystem store's root (`<prefix>/<id>.bin`), probes and temporary files left out. */
async function documentKeysOnDisk(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.bin'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).slice(0, -'.bin'.length).split(path.sep).join('/'))
    .filter((key) => !key.startsWith(PROBE_PREFIX))
    .sort();
}

/** BACKUP_BEFORE_MIGRATE: a backup named after the time and the first pending migration, written before migrating. */
export function backupBeforeMigrating(
  config: Config,
  database: Database,
  written: (file: string) => void = (file) => console.log(`Backup before migrating written to ${file}`),
): ((pending: string[]) => Promise<void>) | undefined {
  const dir = config.backupBeforeMigrate;
  if (!dir) return undefined;
  return async (pending) => {
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `vaultline-before-${pending[0]}-${stamp}.tar.gz`);
    await writeBackup({ database, config }, file);
    written(file);
  };
}
