/**
 * Restores a backup (services/platform/backup.ts) into an empty database: checks the archive
 * (its manifest, every file's sha256, the SECRET_KEY fingerprint), brings the schema to the
 * backup's last migration, loads every table in one transaction with triggers and foreign-key
 * checks held off as pg_restore does (the derived tables come from the archive, not from
 * triggers firing again), sets the sequences, applies the migrations shipped since, and puts
 * the documents back into the target's document store. Emails that were waiting in the outbox
 * are kept as `restored`: staff send them from the outbox page, nothing sends them by itself.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, shippedMigrations, type Database, type Tx } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { DocumentStore } from '../kyc/document-storage';
import {
  appTables,
  archiveCompression,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  documentFile,
  secretKeyFingerprint,
  SEQUENCES_FILE,
  tableFile,
  type BackupManifest,
} from './backup';

const LOAD_ROWS = 1_000;

/** The archive or the target is not what a restore needs: the one line that says so. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreTarget {
  database: Database;
  secretKey: string;
  /** The target's document store, unencrypted: the archive's documents are already sealed. */
  documents: DocumentStore;
}

/** Unpacks and checks an archive; the caller removes `dir` when done. */
export async function openArchive(file: string): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!existsSync(file)) throw new RestoreRefusedError(`${file} does not exist.`);
  let compressed: boolean;
  try {
    compressed = archiveCompression(file);
  } catch (error) {
    throw new RestoreRefusedError((error as Error).message);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vaultline-restore-'));
  try {
    await promisify(execFile)('tar', ['-x', ...(compressed ? ['-z'] : []), '-f', path.resolve(file), '-C', dir, '--no-same-owner']);
  } catch {
    await rm(dir, { recursive: true, force: true });
    throw new RestoreRefusedError(`${file} is not a readable ${compressed ? 'tar.gz' : 'tar'} archive.`);
  }
  try {
    const manifest = await readManifest(dir, file);
    for (const [name, digest] of Object.entries(manifest.files)) {
      const target = path.resolve(dir, name);
      if (!target.startsWith(dir + path.sep) || !existsSync(target)) throw new RestoreRefusedError(`${file} is incomplete: ${name} is missing.`);
      if ((await fileDigest(target)) !== digest) throw new RestoreRefusedError(`${file} is damaged: ${name} does not match its checksum in manifest.json.`);
    }
    for (const table of Object.keys(manifest.tables)) {
      if (!manifest.files[tableFile(table)]) throw new RestoreRefusedError(`${file} is incomplete: table ${table} has no checksum.`);
    }
    return { dir, manifest };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function readManifest(dir: string, file: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new RestoreRefusedError(`${file} is not a Vaultline backup (no readable manifest.json).`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefusedError(`${file} is not a Vaultline backup (manifest format "${String(manifest.format)}").`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new RestoreRefusedError(`${file} was written by a newer build (backup format ${manifest.formatVersion}): restore it with that build.`);
  }
  return manifest;
}

function fileDigest(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

export function checkSecretKey(manifest: BackupManifest, secretKey: string): void {
  if (secretKeyFingerprint(secretKey) !== manifest.secretKeyFingerprint) {
    throw new RestoreRefusedError(
      `SECRET_KEY is not the key this backup was taken with (fingerprint ${manifest.secretKeyFingerprint}): set SECRET_KEY to that key. Without it the KYC documents and two-factor secrets cannot be read.`,
    );
  }
}

/** Refuses a database that already has tables of its own. */
export async function assertEmpty(database: Database): Promise<void> {
  const [row] = await selectRows<{ tables: number }>(
    database.db,
    sql`select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
  );
  if (Number(row?.tables ?? 0) > 0) {
    throw new RestoreRefusedError(
      database.kind === 'postgres'
        ? 'The database DATABASE_URL names is not empty: restore into a new, empty database.'
        : 'DATA_DIR already holds a database: restore into an empty DATA_DIR.',
    );
  }
}

export interface RestoreResult {
  tables: number;
  rows: number;
  documents: number;
  restoredEmails: number;
  migrationsApplied: number;
}

/** Restores the unpacked archive `dir` into `target`, which must be empty. */
export async function restoreArchive(dir: string, manifest: BackupManifest, target: RestoreTarget): Promise<RestoreResult> {
  checkSecretKey(manifest, target.secretKey);
  await assertEmpty(target.database);
  const shipped = await shippedMigrations();
  const level = shipped.findIndex((migration) => migration.tag === manifest.lastMigration);
  if (level < 0) {
    throw new RestoreRefusedError(`The backup's schema (${manifest.lastMigration}) is newer than this build's: restore it with the build that took it, or a newer one.`);
  }
  await migrateTo(target.database, level + 1);

  let rows = 0;
  let restoredEmails = 0;
  await target.database.db.transaction(async (tx) => {
    // Loaded as they were: triggers (counts, history, append-only guards) and foreign keys do not fire again.
    await tx.execute(sql`set local session_replication_role = replica`).catch((error: unknown) => {
      throw new RestoreRefusedError(`Restoring needs a PostgreSQL superuser role (to load rows with triggers held off): ${(error as Error).message}`);
    });
    // What the migrations seeded (plans, settings, counters) is in the archive as it was then.
    const present = await appTables(tx);
    if (present.length > 0) await tx.execute(sql`truncate ${sql.join(present.map((name) => sql.identifier(name)), sql`, `)}`);
    for (const table of Object.keys(manifest.tables).sort()) rows += await loadTable(tx, table, path.join(dir, tableFile(table)));
    const sequences = JSON.parse(await readFile(path.join(dir, SEQUENCES_FILE), 'utf8')) as Record<string, string | null>;
    for (const [name, lastValue] of Object.entries(sequences)) {
      if (lastValue !== null) await tx.execute(sql`select setval(${`public.${quoteIdentifier(name)}`}::regclass, ${lastValue}::bigint)`);
    }
    const outbox = await selectRows<{ count: number }>(
      tx,
      sql`with marked as (update email_outbox set status = 'restored' where status = 'pending' returning 1) select count(*)::int as count from marked`,
    );
    restoredEmails = Number(outbox[0]?.count ?? 0);
  });

  const appliedSince = shipped.length - (level + 1);
  await target.database.migrate();

  let documents = 0;
  for (const name of Object.keys(manifest.files)) {
    if (!name.startsWith('documents/')) continue;
    const key = name.slice('documents/'.length, -'.bin'.length);
    if (documentFile(key) !== name) continue;
    await target.documents.put(key, await readFile(path.join(dir, name)));
    documents += 1;
  }
  return { tables: Object.keys(manifest.tables).length, rows, documents, restoredEmails, migrationsApplied: appliedSince };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Applies the shipped migrations up to `count` (those the backup's schema had), through a copy of the journal cut there. */
async function migrateTo(database: Database, count: number): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'vaultline-migrations-'));
  try {
    await cp(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, count);
    await writeFile(journalFile, JSON.stringify(journal));
    await database.migrate({ migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Loads a table's JSON lines in batches; generated columns are left to the database. */
async function loadTable(tx: Tx, table: string, file: string): Promise<number> {
  const columns = await selectRows<{ name: string }>(
    tx,
    sql`select attname as name from pg_attribute where attrelid = ${`public.${quoteIdentifier(table)}`}::regclass
        and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
  );
  if (columns.length === 0) throw new RestoreRefusedError(`The backup holds table ${table}, which this schema does not have.`);
  const list = sql.join(columns.map((column) => sql.identifier(column.name)), sql`, `);
  const identifier = sql.identifier(table);
  let batch: string[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(sql`insert into ${identifier} (${list}) select ${list} from json_populate_recordset(null::${identifier}, ${`[${batch.join(',')}]`}::json)`);
    rows += batch.length;
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= LOAD_ROWS) await flush();
  }
  await flush();
  return rows;
}
