/**
 * Backups that restore (issue 44.2): a restore drill on both databases and across them —
 * every table the same row for row (sessions left out), the ledger sound, a KYC document
 * byte-identical, waiting emails kept as `restored` — a backup taken on PostgreSQL while
 * deposits are being made holds every deposit acknowledged before it began, and the archive
 * and the target are checked before anything is written.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { openPostgres, wrapPglite, type Database } from '../../src/db/client';
import { emailOutbox, users } from '../../src/db/schema';
import { createSession } from '../../src/services/auth/sessions';
import { verifyLedger } from '../../src/ledger';
import { rawDocumentStore } from '../../src/services/kyc/document-storage';
import { backedUpTables, writeBackup, type BackupManifest } from '../../src/services/platform/backup';
import { openArchive, restoreArchive, RestoreRefusedError } from '../../src/services/platform/restore';
import { buildTestApp, needsPostgres, openTestDatabase, testConfig, TEST_PASSWORD, type TestApp } from '../helpers/build-test-app';
import { kycHelpers } from '../helpers/kyc-calls';
import { BTC, fund } from '../money/helpers';

const work = mkdtempSync(path.join(os.tmpdir(), 'vaultline-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const archivePath = (name: string) => path.join(work, `${name}-${randomBytes(3).toString('hex')}.tar.gz`);

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Every backed-up table's rows as one digest each, in UTC, so two databases compare exactly. */
async function contents(database: Database): Promise<Record<string, { rows: number; digest: string }>> {
  const out: Record<string, { rows: number; digest: string }> = {};
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    for (const table of await backedUpTables(tx)) {
      const [row] = rows<{ rows: number; digest: string }>(
        await tx.execute(sql`select count(*)::int as rows, coalesce(md5(string_agg(row_to_json(t)::text, E'\n' order by row_to_json(t)::text)), '') as digest from ${sql.identifier(table)} t`),
      );
      out[table] = row!;
    }
  });
  return out;
}

/** An empty embedded database (no migration applied), as a fresh DATA_DIR holds. */
async function emptyPglite(): Promise<Database> {
  return wrapPglite(await PGlite.create());
}

/** An empty PostgreSQL database beside the test one, dropped by close(). */
async function emptyPostgres(): Promise<Database & { url: string }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `vaultline_restore_${randomBytes(5).toString('hex')}`;
  base.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  base.pathname = `/${name}`;
  const database = openPostgres(base.toString(), 5);
  return {
    ...database,
    url: base.toString(),
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A source with users, money, an investment-free ledger, a KYC submission and a waiting email. */
async function populate(t: TestApp) {
  const staff = await t.createUser({ role: 'admin' });
  const kyc = kycHelpers(() => t);
  const applicant = await kyc.newApplicant('Restore Drill');
  expect((await kyc.uploadPair(applicant)).statusCode).toBe(201);
  const people = [await t.createUser(), await t.createUser(), await t.createUser()];
  for (const [index, person] of people.entries()) await fund(t, person, staff, `${(index + 1) * 125}.50`);
  const withdrawal = await t.app.inject({ method: 'POST', url: '/api/withDraw/create', headers: people[0]!.headers, payload: { amount: '20.25', walletAddress: BTC } });
  expect(withdrawal.statusCode).toBeLessThan(300);
  await t.database.db.insert(emailOutbox).values({ toAddress: applicant.user.email, subject: 'Waiting', html: '<p>w</p>', text: 'w', kind: 'notice', status: 'pending' });
  const front = await kyc.getDocument(staff, applicant.user.id, 'front');
  expect(front.statusCode).toBe(200);
  return { staff, applicant, front: front.rawPayload };
}

/** Restores `file` into `target` (documents where `dataDir`'s filesystem store or the database keeps them) and checks it against `source`. */
async function restoreAndCompare(file: string, source: { database: Database; contents: Awaited<ReturnType<typeof contents>> }, target: Database, documentStore: 'filesystem' | 'database') {
  const config = testConfig({ documentStore });
  const { dir, manifest } = await openArchive(file);
  try {
    const result = await restoreArchive(dir, manifest, { database: target, secretKey: config.secretKey, documents: rawDocumentStore({ config, db: target.db }) });
    expect(result.documents).toBe(manifest.documents);
    expect(result.restoredEmails).toBe(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const restored = await contents(target);
  const expected = { ...source.contents };
  // The one difference: a waiting email is now `restored`, not sent by itself.
  expect(restored.email_outbox!.rows).toBe(expected.email_outbox!.rows);
  delete restored.email_outbox;
  delete expected.email_outbox;
  expect(restored).toEqual(expected);
  expect(rows<{ status: string }>(await target.db.execute(sql`select status from email_outbox where subject = 'Waiting'`))).toEqual([{ status: 'restored' }]);
  expect(rows<{ count: number }>(await target.db.execute(sql`select count(*)::int as count from sessions`))[0]!.count).toBe(0);
  expect((await verifyLedger(target.db)).ok).toBe(true);
  expect((await target.migrationStatus()).pending).toEqual([]);
  return config;
}

/** The restored install serves: the applicant signs in again (sessions are not restored), staff read the document. */
async function expectServes(target: Database, config: ReturnType<typeof testConfig>, staffEmail: string, applicantId: string, front: Buffer) {
  const app = await buildApp({ config, database: target, logger: false });
  try {
    // The password still holds (a sign-in from this unknown device then asks for an emailed code); a new session reads the document.
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email: staffEmail, password: TEST_PASSWORD } });
    expect(login.json<{ message: string }>().message).not.toMatch(/invalid email or password/i);
    const [staff] = await target.db.select().from(users).where(eq(users.email, staffEmail));
    const { token } = await createSession(target.db, staff!.id, { deviceId: 'restored-device' });
    const document = await app.inject({ method: 'GET', url: `/api/users/kyc/${applicantId}/documents/front`, headers: { authorization: `Bearer ${token}` } });
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.equals(front)).toBe(true);
    // Staff send the email that was waiting at backup time from the outbox (kept here, with no mail server set).
    const [waiting] = rows<{ id: string }>(await target.db.execute(sql`select id::text as id from email_outbox where status = 'restored'`));
    const sent = await app.inject({ method: 'POST', url: `/api/admin/outbox/${waiting!.id}/retry`, headers: { authorization: `Bearer ${token}` } });
    expect(sent.statusCode).toBe(200);
    expect(rows<{ status: string }>(await target.db.execute(sql`select status from email_outbox where id = ${Number(waiting!.id)}`))).toEqual([{ status: 'stored' }]);
  } finally {
    await app.close();
  }
}

describe('backup and restore on the embedded database', { timeout: 120_000 }, () => {
  let t: TestApp;
  let source: Awaited<ReturnType<typeof populate>>;
  let file: string;
  let manifest: BackupManifest;
  let sourceContents: Awaited<ReturnType<typeof contents>>;
  beforeAll(async () => {
    t = await buildTestApp();
    source = await populate(t);
    sourceContents = await contents(t.database);
    file = archivePath('embedded');
    manifest = await writeBackup({ database: t.database, config: t.app.deps.config }, file);
  });
  afterAll(() => t?.close());

  it('writes one archive, manifest.json first, with counts, the schema and a key fingerprint (never the key)', async () => {
    const listing = (await promisify(execFile)('tar', ['-tzf', file])).stdout.split('\n').filter(Boolean);
    expect(listing[0]).toBe('manifest.json');
    expect(listing).toContain('database/users.jsonl');
    expect(listing.some((entry) => entry.startsWith('database/sessions'))).toBe(false);
    expect(listing.filter((entry) => entry.startsWith('documents/') && entry.endsWith('.bin'))).toHaveLength(2);
    expect(manifest.tables.users!.rows).toBe(sourceContents.users!.rows);
    expect(manifest.lastMigration).toMatch(/^\d{4}_/);
    expect(manifest.secretKeyFingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(readFileSync(file).includes(Buffer.from(t.app.deps.config.secretKey))).toBe(false);
  });

  it('restores into an empty embedded database: the same rows, the ledger sound, the document byte-identical, no sessions', async () => {
    const target = await emptyPglite();
    try {
      const config = await restoreAndCompare(file, { database: t.database, contents: sourceContents }, target, 'filesystem');
      await expectServes(target, config, source.staff.user.email, source.applicant.user.id, source.front);
    } finally {
      await target.close();
    }
  });

  it('refuses a target that holds data, another SECRET_KEY and a damaged archive, each in one line, writing nothing', async () => {
    const { dir, manifest: checked } = await openArchive(file);
    try {
      const notEmpty = await openTestDatabase({ postgres: false });
      try {
        const before = await contents(notEmpty);
        await expect(restoreArchive(dir, checked, { database: notEmpty, secretKey: t.app.deps.config.secretKey, documents: rawDocumentStore({ config: testConfig(), db: notEmpty.db }) })).rejects.toThrow(
          new RestoreRefusedError('DATA_DIR already holds a database: restore into an empty DATA_DIR.'),
        );
        expect(await contents(notEmpty)).toEqual(before);
      } finally {
        await notEmpty.close();
      }
      const empty = await emptyPglite();
      try {
        await expect(restoreArchive(dir, checked, { database: empty, secretKey: 'another-secret-key-another-secret-key-00', documents: rawDocumentStore({ config: testConfig(), db: empty.db }) })).rejects.toThrow(
          /^SECRET_KEY is not the key this backup was taken with \(fingerprint [0-9a-f]{16}\): set SECRET_KEY to that key\./,
        );
        expect(await empty.migrationStatus()).toMatchObject({ unknown: 0 });
        expect((await backedUpTables(empty.db)).length).toBe(0);
      } finally {
        await empty.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // One changed byte in a table file: the checksum catches it before anything is restored.
    const unpacked = mkdtempSync(path.join(work, 'unpacked-'));
    await promisify(execFile)('tar', ['-xzf', file, '-C', unpacked]);
    const usersFile = path.join(unpacked, 'database/users.jsonl');
    writeFileSync(usersFile, readFileSync(usersFile, 'utf8').replace('Restore Drill', 'Restore Drilx'));
    const damaged = archivePath('damaged');
    await promisify(execFile)('tar', ['-czf', damaged, '-C', unpacked, 'manifest.json', 'database', 'documents']);
    await expect(openArchive(damaged)).rejects.toThrow(`${damaged} is damaged: database/users.jsonl does not match its checksum in manifest.json.`);
    writeFileSync(path.join(work, 'not-an-archive.tar.gz'), 'hello');
    await expect(openArchive(path.join(work, 'not-an-archive.tar.gz'))).rejects.toThrow('is not a readable tar.gz archive.');
  });
});

describe('backup and restore on PostgreSQL, and across the two', { ...needsPostgres, timeout: 180_000 }, () => {
  it('an embedded archive restores into PostgreSQL (how an operator outgrows one machine), documents moving into the database store', async () => {
    const t = await buildTestApp({ postgres: false });
    const target = await emptyPostgres();
    try {
      const source = await populate(t);
      const sourceContents = await contents(t.database);
      const file = archivePath('to-postgres');
      await writeBackup({ database: t.database, config: t.app.deps.config }, file);
      const config = await restoreAndCompare(file, { database: t.database, contents: sourceContents }, target, 'database');
      await expectServes(target, { ...config, databaseUrl: target.url }, source.staff.user.email, source.applicant.user.id, source.front);
    } finally {
      await target.close();
      await t.close();
    }
  });

  it('a backup taken while deposits are made holds every one acknowledged before it began, and restores into PostgreSQL and the embedded database', async () => {
    const t = await buildTestApp({ postgres: true, config: { documentStore: 'database' } });
    const toPostgres = await emptyPostgres();
    const toEmbedded = await emptyPglite();
    try {
      const source = await populate(t);
      const depositors = await Promise.all(Array.from({ length: 6 }, () => t.createUser()));
      const acknowledged: { id: string; at: number }[] = [];
      let stop = false;
      const load = depositors.map(async (user) => {
        while (!stop) {
          const created = await t.app.inject({ method: 'POST', url: '/api/payments/create', headers: user.headers, payload: { amount: '10.00' } });
          if (created.statusCode === 201) acknowledged.push({ id: created.json<{ transaction: { transactionId: string } }>().transaction.transactionId, at: Date.now() });
          // One pending deposit per user: confirm it so the next one is accepted.
          const id = created.statusCode === 201 ? created.json<{ transaction: { transactionId: string } }>().transaction.transactionId : undefined;
          if (id) await t.app.inject({ method: 'PATCH', url: '/api/payments/confirmPayment', headers: source.staff.headers, payload: { transactionId: id } });
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const began = Date.now();
      const file = archivePath('online');
      const manifest = await writeBackup({ database: t.database, config: t.app.deps.config }, file);
      await new Promise((resolve) => setTimeout(resolve, 500));
      stop = true;
      await Promise.all(load);
      const before = acknowledged.filter((deposit) => deposit.at < began).map((deposit) => deposit.id);
      expect(before.length).toBeGreaterThan(5);
      expect(acknowledged.length).toBeGreaterThan(before.length);
      expect(manifest.documents).toBe(2);

      for (const [target, store] of [
        [toPostgres, 'database'],
        [toEmbedded, 'filesystem'],
      ] as const) {
        const config = testConfig({ documentStore: store });
        const { dir, manifest: checked } = await openArchive(file);
        await restoreArchive(dir, checked, { database: target, secretKey: config.secretKey, documents: rawDocumentStore({ config, db: target.db }) });
        rmSync(dir, { recursive: true, force: true });
        const restoredIds = new Set(rows<{ id: string }>(await target.db.execute(sql`select transaction_id as id from payments`)).map((row) => row.id));
        expect(before.filter((id) => !restoredIds.has(id))).toEqual([]);
        expect((await verifyLedger(target.db)).ok).toBe(true);
        expect(manifest.tables.payments!.rows).toBe(restoredIds.size);
      }
    } finally {
      await toEmbedded.close();
      await toPostgres.close();
      await t.close();
    }
  });
});
