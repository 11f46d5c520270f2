import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../../src/db/client';
import { documentsRoot } from '../../src/services/kyc/document-storage';
import { kycSubmissions, users } from '../../src/db/schema';
import type { TestApp, TestUser } from './build-test-app';
import { jpegWithExif, multipart, png, type Part } from './kyc-files';

/** A pending KYC submission for userId, written straight to the table (placeholder files, not stored). */
export async function insertPendingKyc(db: DbOrTx, userId: string, submittedAt = new Date()) {
  await db.insert(kycSubmissions).values({
    id: randomUUID(),
    userId,
    frontKey: 'k1',
    backKey: 'k2',
    frontMime: 'image/png',
    backMime: 'image/png',
    frontSize: 1,
    backSize: 1,
    submittedAt,
  });
}

/** The KYC suites' calls, on the suite's app (given as a getter: it is built in beforeAll). */
export function kycHelpers(app: () => TestApp) {
  /** The app's data folder, and the folder of stored KYC documents in it. */
  const dataDir = () => app().app.deps.config.dataDir;
  const docsRoot = () => documentsRoot(dataDir());

  async function upload(who: TestUser | null, parts: Part[]) {
    const body = multipart(parts);
    return app().app.inject({
      method: 'POST',
      url: '/api/users/uploadKycDocuments',
      headers: { ...body.headers, ...(who?.headers ?? {}) },
      payload: body.payload,
    });
  }

  async function uploadPair(who: TestUser) {
    return upload(who, [
      { name: 'front', filename: 'front.jpg', contentType: 'image/jpeg', data: await jpegWithExif() },
      { name: 'back', filename: 'back.png', contentType: 'image/png', data: await png() },
    ]);
  }

  async function newApplicant(name?: string) {
    return app().createUser({ kycStatus: 'Not Submitted', ...(name ? { name } : {}) });
  }

  async function userRow(id: string) {
    const [row] = await app().database.db.select().from(users).where(eq(users.id, id));
    return row!;
  }

  async function submissionsOf(userId: string) {
    return app().database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId)).orderBy(kycSubmissions.submittedAt);
  }

  function decide(who: TestUser | null, userId: string, action: 'approve' | 'reject', body?: object) {
    return app().app.inject({
      method: 'PATCH',
      url: `/api/users/kyc/${userId}/${action}`,
      headers: who?.headers ?? {},
      ...(body ? { payload: body } : {}),
    });
  }

  function getDocument(who: TestUser | null, userId: string, side: string, query = '') {
    return app().app.inject({ method: 'GET', url: `/api/users/kyc/${userId}/documents/${side}${query}`, headers: who?.headers ?? {} });
  }

  async function expectRefused(applicant: TestUser, response: Awaited<ReturnType<typeof upload>>, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Not Submitted');
    expect(await submissionsOf(applicant.user.id)).toHaveLength(0);
  }

  return { dataDir, docsRoot, upload, uploadPair, newApplicant, userRow, submissionsOf, decide, getDocument, expectRefused };
}
