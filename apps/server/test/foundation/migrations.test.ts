/**
 * Migrations as a step (issue 44.3) and readiness that means it (44.5): what is pending, a
 * database a newer build migrated, /api/ready while either holds, and the operator's commands
 * (`npm run migrate [-- --check]`, `npm run backup`, `npm run restore`) as a shell runs them:
 * exit codes and one-line refusals.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, shippedMigrations, wrapPglite } from '../../src/db/client';
import { lockDataDir } from '../../src/db/data-dir-lock';
import { migrateDatabase, MigrationRefusedError } from '../../src/db/migrations';
import { backupBeforeMigrating } from '../../src/services/platform/backup';
import { openArchive } from '../../src/services/platform/restore';
import { buildTestApp, embeddedOnly } from '../helpers/build-test-app';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'vaultline-migrate-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A newer build's migration, recorded after everything this build ships. */
async function recordNewerMigration(db: Parameters<typeof migrateDatabase>[0]['db']) {
  await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', ${Date.now() + 86_400_000})`);
}

describe('migration status', embeddedOnly, () => {
  it('lists what is pending, refuses a database a newer build migrated, and backs up first only a database with data', async () => {
    const shipped = (await shippedMigrations()).map((migration) => migration.tag);
    const empty = wrapPglite(await PGlite.create());
    try {
      expect(await empty.migrationStatus()).toEqual({ pending: shipped, unknown: 0 });
      const backups: string[][] = [];
      expect(await migrateDatabase(empty, { beforeMigrating: async (pending) => void backups.push(pending) })).toEqual(shipped);
      expect(backups).toEqual([]);
      expect(await empty.migrationStatus()).toEqual({ pending: [], unknown: 0 });
    } finally {
      await empty.close();
    }

    const t = await buildTestApp({ postgres: false });
    try {
      await t.createUser();
      const db = t.database.db;
      await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      expect(await t.database.migrationStatus()).toEqual({ pending: [shipped.at(-1)], unknown: 0 });
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', message: 'Database migrations are pending (1): run npm run migrate' });

      const backups: string[][] = [];
      await recordNewerMigration(db);
      expect(await t.database.migrationStatus()).toMatchObject({ unknown: 1 });
      await expect(migrateDatabase(t.database, { beforeMigrating: async (pending) => void backups.push(pending) })).rejects.toThrow(
        new MigrationRefusedError(
          'The database was migrated by a newer build of Vaultline (1 migration this build does not ship): run that build or a newer one, or restore a backup taken before the upgrade.',
        ),
      );
      expect(backups).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
        status: 'not ready',
        message: 'The database was migrated by a newer build: roll this instance forward',
      });
    } finally {
      await t.close();
    }
  });

  it('calls the backup hook before migrating a database that holds users, with what is pending, and migrates nothing when it fails', async () => {
    const t = await buildTestApp({ postgres: false });
    try {
      await t.createUser();
      const last = (await shippedMigrations()).at(-1)!;
      await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when}`);
      const seen: string[][] = [];
      await expect(
        migrateDatabase(t.database, {
          beforeMigrating: async (pending) => {
            seen.push(pending);
            throw new Error('the backup could not be written');
          },
        }),
      ).rejects.toThrow('the backup could not be written');
      expect(seen).toEqual([[last.tag]]);
      expect((await t.database.migrationStatus()).pending).toEqual([last.tag]);

      // BACKUP_BEFORE_MIGRATE's hook writes an archive a restore accepts, named after the first pending migration.
      const dir = path.join(work, 'before-migrate');
      await backupBeforeMigrating({ ...t.app.deps.config, backupBeforeMigrate: dir }, t.database, () => {})!([last.tag]);
      const [written] = readdirSync(dir);
      expect(written).toMatch(new RegExp(`^vaultline-before-${last.tag}-.+\\.tar\\.gz$`));
      const archive = await openArchive(path.join(dir, written!));
      expect(archive.manifest.tables.users!.rows).toBeGreaterThan(0);
      rmSync(archive.dir, { recursive: true, force: true });
    } finally {
      await t.close();
    }
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function npmScript(script: 'migrate' | 'backup' | 'restore' | 'server', args: string[], env: Record<string, string>): Promise<Run> {
  const entry = path.join(ROOT, script === 'server' ? 'apps/server/src/server.ts' : `apps/server/src/cli/${script}.ts`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? os.tmpdir(), LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the operator commands on the embedded database', { ...embeddedOnly, timeout: 180_000 }, () => {
  it('migrate --check, migrate, backup, restore: exit codes and one-line refusals', async () => {
    const dataDir = path.join(work, 'source');
    const check = await npmScript('migrate', ['--check'], { DATA_DIR: dataDir });
    const shipped = await shippedMigrations();
    expect(check).toMatchObject({ code: 1, stderr: '' });
    expect(check.stdout).toContain(`${shipped.length} pending migration(s):`);

    const migrated = await npmScript('migrate', [], { DATA_DIR: dataDir });
    expect(migrated).toMatchObject({ code: 0, stdout: `Applied ${shipped.length} migration(s), up to ${shipped.at(-1)!.tag}.\n` });
    expect(await npmScript('migrate', ['--check'], { DATA_DIR: dataDir })).toMatchObject({ code: 0, stdout: 'No pending migrations: the database is up to date.\n' });

    // A server (here: another holder of the lock) keeps the embedded database to itself.
    const held = lockDataDir(dataDir);
    try {
      const refused = await npmScript('backup', [path.join(work, 'refused.tar.gz')], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another Vaultline process \\(pid ${process.pid}, `))]);
      expect(existsSync(path.join(work, 'refused.tar.gz'))).toBe(false);
    } finally {
      held.release();
    }

    const archive = path.join(work, 'nightly.tar.gz');
    const backup = await npmScript('backup', [archive], { DATA_DIR: dataDir });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*nightly\.tar\.gz: \d+ tables, \d+ rows, 0 documents, schema \d{4}_/);

    const secretKey = readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim();
    const target = path.join(work, 'target');
    const noKey = await npmScript('restore', [archive], { DATA_DIR: target });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/^Set SECRET_KEY to the key this backup was taken with \(fingerprint [0-9a-f]{16}\)\.\n$/);
    const wrongKey = await npmScript('restore', [archive], { DATA_DIR: target, SECRET_KEY: 'x'.repeat(40) });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toMatch(/^SECRET_KEY is not the key this backup was taken with/);
    const restored = await npmScript('restore', [archive], { DATA_DIR: target, SECRET_KEY: secretKey });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Ledger check OK/);
    const again = await npmScript('restore', [archive], { DATA_DIR: target, SECRET_KEY: secretKey });
    expect(again).toMatchObject({ code: 1, stderr: 'DATA_DIR already holds a database: restore into an empty DATA_DIR.\n' });

    // A newer build migrated it: this build's server and migrate refuse in one line, touching nothing.
    const database = await openDatabase({ dataDir: target });
    await recordNewerMigration(database.db);
    await database.close();
    const newer = 'The database was migrated by a newer build of Vaultline (1 migration this build does not ship): run that build or a newer one, or restore a backup taken before the upgrade.\n';
    expect(await npmScript('migrate', [], { DATA_DIR: target, SECRET_KEY: secretKey })).toMatchObject({ code: 1, stderr: newer });
    expect(await npmScript('server', [], { DATA_DIR: target, SECRET_KEY: secretKey, PORT: '0', WEB_DIST_DIR: 'none' })).toMatchObject({ code: 1, stderr: newer });
  });
});
