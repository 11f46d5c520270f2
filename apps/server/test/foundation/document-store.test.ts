/**
 * KYC document storage (issue 18.4): the database store for several instances, the check at
 * start and in /api/ready, 503 (never 500) when storage fails, and moving files into the database.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { createDatabaseStore, migrateDocumentsToDatabase } from '../../src/services/kyc/document-storage';
import { buildTestApp, openTestDatabase, type TestApp, type TestUser } from '../helpers/build-test-app';

async function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
}

async function uploadPair(t: TestApp, who: TestUser) {
  const boundary = `----vaultline${Math.random().toString(16).slice(2)}`;
  const parts = [];
  for (const [name, colour] of [['front', '#336699'], ['back', '#996633']] as const) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`), await png(colour), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: '/api/users/uploadKycDocuments',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('document storage', () => {
  it('keeps documents encrypted in the database with DOCUMENT_STORE=database, and serves them to staff', async () => {
    const t = await buildTestApp({ config: { documentStore: 'database' } });
    try {
      const staff = await t.createUser({ role: 'admin' });
      const applicant = await t.createUser({ kycStatus: 'Not Submitted' });
      expect((await uploadPair(t, applicant)).statusCode).toBe(201);
      const result = (await t.database.db.execute(sql`select key, data from stored_documents`)) as unknown as { rows: { key: string; data: Buffer | Uint8Array }[] };
      expect(result.rows).toHaveLength(2);
      for (const row of result.rows) {
        const data = Buffer.from(row.data);
        expect(data.subarray(0, 4).toString()).toBe('VLE1');
        expect(data.includes(PNG_MAGIC)).toBe(false);
      }
      const front = await t.app.inject({ method: 'GET', url: `/api/users/kyc/${applicant.user.id}/documents/front`, headers: staff.headers });
      expect(front.statusCode).toBe(200);
      expect(front.headers['content-type']).toBe('image/png');
      expect(front.rawPayload.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
    } finally {
      await t.close();
    }
  });

  it('says so when storage fails: /api/ready 503 with the reason, uploads 503 with a clear message, never a 500', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-broken-'));
    // DATA_DIR/private is a file: nothing can be stored under it.
    writeFileSync(path.join(dataDir, 'private'), 'not a directory');
    const t = await buildTestApp({ config: { dataDir } });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready' });
      expect(ready.json().message).toMatch(/^Document storage is not available: .*private\/documents cannot be written \((ENOTDIR|EEXIST)\)$/);
      const applicant = await t.createUser({ kycStatus: 'Not Submitted' });
      const refused = await uploadPair(t, applicant);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: 'Document storage is temporarily unavailable. Please try again shortly.' });
      const [row] = ((await t.database.db.execute(sql`select kyc_status from users where id = ${applicant.user.id}`)) as unknown as { rows: { kyc_status: string }[] }).rows;
      expect(row!.kyc_status).toBe('Not Submitted');
    } finally {
      await t.close();
    }
  });

  it('npm run documents:migrate copies the files into the database once, readable by the database store', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-migrate-'));
    mkdirSync(dataDir, { recursive: true });
    const database = await openTestDatabase();
    const onDisk = await buildTestApp({ database, config: { dataDir, documentStore: 'filesystem' } });
    const staff = await onDisk.createUser({ role: 'admin' });
    const applicant = await onDisk.createUser({ kycStatus: 'Not Submitted' });
    expect((await uploadPair(onDisk, applicant)).statusCode).toBe(201);
    await onDisk.app.close();

    expect(await migrateDocumentsToDatabase(dataDir, database.db)).toEqual({ copied: 2, skipped: 0 });
    expect(await migrateDocumentsToDatabase(dataDir, database.db)).toEqual({ copied: 0, skipped: 2 });

    const inDatabase = await buildTestApp({ database, config: { dataDir: mkdtempSync(path.join(os.tmpdir(), 'vaultline-empty-')), documentStore: 'database' } });
    const back = await inDatabase.app.inject({ method: 'GET', url: `/api/users/kyc/${applicant.user.id}/documents/back`, headers: staff.headers });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    await inDatabase.app.close();
    await database.close();
  });

  it('the database store puts, gets, replaces, deletes and checks', async () => {
    const database = await openTestDatabase();
    try {
      const store = createDatabaseStore(database.db);
      await store.put('kyc/abc', Buffer.from('one'));
      await store.put('kyc/abc', Buffer.from('two'));
      expect((await store.get('kyc/abc'))?.toString()).toBe('two');
      await store.delete('kyc/abc');
      expect(await store.get('kyc/abc')).toBeNull();
      await store.check();
      await expect(store.get('../etc/passwd')).rejects.toThrow(/Invalid storage key/);
    } finally {
      await database.close();
    }
  });
});
