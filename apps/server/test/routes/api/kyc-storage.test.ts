import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { onPostgres, needsPostgres, useTestApp, useUser } from '../../helpers/build-test-app';
import { auditLog, emailOutbox } from '../../../src/db/schema';
import {
  assertValidKey,
  createEncryptedStore,
  createLocalDiskStore,
  decryptDocument,
  encryptDocument,
} from '../../../src/services/kyc/document-storage';
import { checkPdf } from '../../../src/services/kyc/documents';
import { purgeKycDocuments } from '../../../src/services/kyc/kyc';
import { pdf } from '../../helpers/kyc-files';
import { kycHelpers } from '../../helpers/kyc-calls';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
const author = useUser(t, { role: 'author' });
const { dataDir, docsRoot, uploadPair, newApplicant, userRow, submissionsOf, decide, getDocument } = kycHelpers(() => t);

describe('document storage', () => {
  const key = Buffer.alloc(32, 7);

  it('encrypts with AES-256-GCM and detects tampering or a swapped key', () => {
    const plain = Buffer.from('identity document bytes');
    const sealed = encryptDocument(key, 'kyc/abc', plain);
    expect(sealed.includes(plain)).toBe(false);
    expect(encryptDocument(key, 'kyc/abc', plain).equals(sealed)).toBe(false);
    expect(decryptDocument(key, 'kyc/abc', sealed).equals(plain)).toBe(true);
    const flipped = Buffer.from(sealed);
    flipped[20] = flipped[20]! ^ 1;
    expect(() => decryptDocument(key, 'kyc/abc', flipped)).toThrow();
    expect(() => decryptDocument(key, 'kyc/other', sealed)).toThrow();
    expect(() => decryptDocument(Buffer.alloc(32, 8), 'kyc/abc', sealed)).toThrow();
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const bad of ['../x', 'a/../../b', '/etc/passwd', 'a\\b', '', 'a//b', 'a/b.c']) {
      expect(() => assertValidKey(bad), bad).toThrow();
    }
    const root = path.join(dataDir(), 'store-test');
    const store = createEncryptedStore(createLocalDiskStore(root), key);
    await store.put('kyc/abc123', Buffer.from('hello'));
    expect((await store.get('kyc/abc123'))?.toString()).toBe('hello');
    expect(readFileSync(path.join(root, 'kyc/abc123.bin')).includes(Buffer.from('hello'))).toBe(false);
    await store.delete('kyc/abc123');
    expect(await store.get('kyc/abc123')).toBeNull();
    await store.delete('kyc/abc123');
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow();
  });

  it('does not serve a document whose stored bytes were altered', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const [submission] = await submissionsOf(applicant.user.id);
    const file = path.join(docsRoot(), `${submission!.frontKey}.bin`);
    const bytes = readFileSync(file);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    writeFileSync(file, bytes);
    const response = await getDocument(admin, applicant.user.id, 'front');
    expect(response.statusCode).toBe(500);
    expect(response.rawPayload.includes(Buffer.from('IHDR'))).toBe(false);
    expect(response.rawPayload.includes(Buffer.from('JFIF'))).toBe(false);
  });

  it('purges every document of a user (account deletion)', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    await decide(admin, applicant.user.id, 'reject');
    await uploadPair(applicant);
    const rows = await submissionsOf(applicant.user.id);
    const files = rows.flatMap((row) => [row.frontKey, row.backKey]).map((key) => path.join(docsRoot(), `${key}.bin`));
    expect(files.every((file) => existsSync(file))).toBe(true);
    expect(await purgeKycDocuments(t.app.deps, applicant.user.id)).toBe(4);
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect((await getDocument(admin, applicant.user.id, 'front')).statusCode).toBe(404);
  });

  it('checks PDF structure', () => {
    expect(() => checkPdf(pdf())).not.toThrow();
    expect(() => checkPdf(Buffer.from('%PDF-1.4\nstartxref\n9999\n%%EOF'))).toThrow();
    expect(() => checkPdf(Buffer.from(pdf().toString('latin1').replace('/Root 1 0 R', '')))).toThrow();
    // A slightly wrong startxref offset is tolerated when the table and trailer are there.
    const shifted = pdf().toString('latin1').replace(/startxref\n(\d+)/, (_all, n: string) => `startxref\n${Number(n) - 3}`);
    expect(() => checkPdf(Buffer.from(shifted, 'latin1'))).not.toThrow();
    expect(() => checkPdf(Buffer.from(shifted.replace('/Root 1 0 R', ''), 'latin1'))).toThrow();
    // A cross-reference stream (PDF 1.5+) is fine.
    const streamPdf = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
    const xrefAt = streamPdf.length;
    const full = `${streamPdf}3 0 obj\n<< /Type /XRef /Size 4 /Root 1 0 R /W [1 2 1] /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
    expect(() => checkPdf(Buffer.from(full, 'latin1'))).not.toThrow();
  });
});

if (!onPostgres) console.log('KYC concurrency tests skipped: TEST_DATABASE_URL is not set (they need real PostgreSQL concurrency)');

describe('concurrency (PostgreSQL)', needsPostgres, () => {
  it('decides a case exactly once when two reviewers act at the same instant', async () => {
    for (let round = 0; round < 5; round += 1) {
      const applicant = await newApplicant();
      await uploadPair(applicant);
      const answers = await Promise.all([
        decide(admin, applicant.user.id, 'approve'),
        decide(author, applicant.user.id, 'reject', { reason: 'race' }),
        decide(admin, applicant.user.id, 'approve'),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      const rows = await submissionsOf(applicant.user.id);
      expect(rows).toHaveLength(1);
      expect((await userRow(applicant.user.id)).kycStatus).toBe(rows[0]!.status);
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, applicant.user.id));
      expect(audits).toHaveLength(1);
      expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email))).toHaveLength(1);
    }
  });

  it('keeps one pending submission when the same user uploads twice at once', async () => {
    const applicant = await newApplicant();
    const answers = await Promise.all([uploadPair(applicant), uploadPair(applicant)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const rows = await submissionsOf(applicant.user.id);
    expect(rows.map((row) => row.status).sort()).toEqual(['Pending', 'Superseded']);
  });
});
