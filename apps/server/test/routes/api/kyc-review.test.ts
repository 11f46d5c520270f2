import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { KYC_MESSAGES } from '@app/shared';
import { type TestUser, useTestApp, useUser } from '../../helpers/build-test-app';
import { auditLog, emailOutbox } from '../../../src/db/schema';
import { pdf, png } from '../../helpers/kyc-files';
import { kycHelpers } from '../../helpers/kyc-calls';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
const author = useUser(t, { role: 'author' });

const { upload, uploadPair, newApplicant, userRow, submissionsOf, decide, getDocument } = kycHelpers(() => t);

describe('staff review', () => {
  it('lists pending cases oldest first with registration details, staff only', async () => {
    const older = await newApplicant('Ada Older');
    await uploadPair(older);
    t.clock.advance(60_000);
    const newer = await newApplicant('Bo Newer');
    await uploadPair(newer);

    const response = await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: author.headers });
    expect(response.statusCode).toBe(200);
    const list = response.json().pendingUsers as { _id: string; submittedAt: string }[];
    const ids = list.map((row) => row._id);
    expect(ids.indexOf(older.user.id)).toBeLessThan(ids.indexOf(newer.user.id));
    const times = list.map((row) => Date.parse(row.submittedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(list.find((row) => row._id === older.user.id)).toMatchObject({
      name: 'Ada Older',
      email: older.user.email,
      country: 'US',
      phone: '+14155550100',
      isVerified: true,
      kycStatus: 'Pending',
      createdAt: expect.any(String),
      submittedAt: expect.any(String),
      previousRejections: 0,
      lastRejectionReason: null,
      kyc: {
        frontDoc: expect.stringMatching(new RegExp(`^/api/users/kyc/${older.user.id}/documents/front\\?submissionId=`)),
        backDoc: expect.stringMatching(/\/documents\/back\?submissionId=/),
        frontType: 'image/jpeg',
        backType: 'image/png',
      },
    });

    const subscriber = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: subscriber.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending' })).statusCode).toBe(401);
  });

  it('approves once: records who and when, audits, emails; a second approval is 409', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const response = await decide(admin, applicant.user.id, 'approve');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { _id: applicant.user.id, kycStatus: 'Approved' } });
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Approved');
    const [submission] = await submissionsOf(applicant.user.id);
    expect(submission).toMatchObject({ status: 'Approved', reviewedById: admin.user.id });
    expect(submission!.reviewedAt).toBeInstanceOf(Date);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applicant.user.id), eq(auditLog.action, 'kyc.approve')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.user.id, targetType: 'user', after: { kycStatus: 'Approved' } });
    const emails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email));
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: 'kyc-decided' });
    expect(emails[0]!.text).toMatch(/approved/i);

    const again = await decide(admin, applicant.user.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: KYC_MESSAGES.alreadyDecided });
    const rejectAfter = await decide(author, applicant.user.id, 'reject', { reason: 'late' });
    expect(rejectAfter.statusCode).toBe(409);
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Approved');
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email))).toHaveLength(1);

    // An approved account cannot upload again.
    const reupload = await uploadPair(applicant);
    expect(reupload.statusCode).toBe(409);
    expect(reupload.json()).toEqual({ message: KYC_MESSAGES.alreadyApproved });
  });

  it('is 409 for users who never submitted, 404 for unknown users', async () => {
    const never = await newApplicant();
    expect((await decide(admin, never.user.id, 'approve')).statusCode).toBe(409);
    expect((await decide(admin, 'no-such-user', 'approve')).statusCode).toBe(404);
  });

  it('rejects with a reason the user sees; re-upload starts a new case and keeps the old one', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const response = await decide(author, applicant.user.id, 'reject', { reason: '  The back photo is blurred.  ' });
    expect(response.statusCode).toBe(200);
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Rejected');
    const status = await t.app.inject({ method: 'GET', url: '/api/users/kyc/status', headers: applicant.headers });
    expect(status.json()).toMatchObject({ kycStatus: 'Rejected', reason: 'The back photo is blurred.' });
    expect(status.json().reviewedAt).toEqual(expect.any(String));
    const [email] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email));
    expect(email!.text).toContain('The back photo is blurred.');
    expect(email!.text).toContain('/upload-kyc');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applicant.user.id), eq(auditLog.action, 'kyc.reject')));
    expect(audit).toMatchObject({ actorId: author.user.id, reason: 'The back photo is blurred.' });

    t.clock.advance(1000);
    expect((await uploadPair(applicant)).statusCode).toBe(201);
    const rows = await submissionsOf(applicant.user.id);
    expect(rows.map((row) => row.status)).toEqual(['Rejected', 'Pending']);
    const after = await t.app.inject({ method: 'GET', url: '/api/users/kyc/status', headers: applicant.headers });
    expect(after.json()).toMatchObject({ kycStatus: 'Pending', reason: null });
    // Old documents stay readable for the audit trail.
    const old = await getDocument(admin, applicant.user.id, 'front', `?submissionId=${rows[0]!.id}`);
    expect(old.statusCode).toBe(200);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: admin.headers })).json();
    expect(queue.pendingUsers.find((row: { _id: string }) => row._id === applicant.user.id)).toMatchObject({
      previousRejections: 1,
      lastRejectionReason: 'The back photo is blurred.',
    });
  });

  it('rejects without a reason too, and refuses overlong reasons', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    expect((await decide(admin, applicant.user.id, 'reject', { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await decide(admin, applicant.user.id, 'reject')).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/users/kyc/status', headers: applicant.headers });
    expect(status.json()).toMatchObject({ kycStatus: 'Rejected', reason: null });
  });

  it('refuses a decision on documents that were replaced since the case was opened', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const [first] = await submissionsOf(applicant.user.id);
    t.clock.advance(1000);
    await uploadPair(applicant);
    const stale = await decide(admin, applicant.user.id, 'approve', { submissionId: first!.id });
    expect(stale.statusCode).toBe(409);
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Pending');
    const current = (await submissionsOf(applicant.user.id))[1]!;
    expect((await decide(admin, applicant.user.id, 'approve', { submissionId: current.id })).statusCode).toBe(200);
  });

  it('lets only staff decide, and only on lower roles', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const other = await t.createUser();
    expect((await decide(other, applicant.user.id, 'approve')).statusCode).toBe(403);
    expect((await decide(applicant, applicant.user.id, 'approve')).statusCode).toBe(403);
    expect((await decide(null, applicant.user.id, 'approve')).statusCode).toBe(401);

    const pendingAuthor = await t.createUser({ role: 'author', kycStatus: 'Not Submitted' });
    expect((await uploadPair(pendingAuthor)).statusCode).toBe(201);
    expect((await decide(pendingAuthor, pendingAuthor.user.id, 'approve')).statusCode).toBe(403);
    expect((await decide(author, pendingAuthor.user.id, 'approve')).statusCode).toBe(403);
    const authorQueue = (await t.app.inject({ method: 'GET', url: '/api/users/kyc/pending', headers: author.headers })).json();
    expect(authorQueue.pendingUsers.map((row: { _id: string }) => row._id)).not.toContain(pendingAuthor.user.id);
    expect((await decide(admin, pendingAuthor.user.id, 'approve')).statusCode).toBe(200);
    expect((await userRow(applicant.user.id)).kycStatus).toBe('Pending');
  });

  it('refuses decisions while impersonating', async () => {
    const applicant = await newApplicant();
    await uploadPair(applicant);
    const { createSession } = await import('../../../src/services/auth/sessions');
    const { token } = await createSession(t.database.db, applicant.user.id, { impersonatorId: admin.user.id });
    const response = await decide({ ...admin, headers: { authorization: `Bearer ${token}` } }, applicant.user.id, 'approve');
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/users/kyc/:id/documents/:side', () => {
  let applicant: TestUser;
  beforeAll(async () => {
    applicant = await newApplicant();
    await upload(applicant, [
      { name: 'front', filename: 'front.png', contentType: 'image/png', data: await png() },
      { name: 'back', filename: 'back.pdf', contentType: 'application/pdf', data: pdf() },
    ]);
  });

  /** A document answer: its type, its disposition (inline or attachment, with the file name), never cached, nosniff. */
  function expectServedDocument(response: Awaited<ReturnType<typeof getDocument>>, contentType: string, disposition: RegExp) {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-disposition']).toMatch(disposition);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  }

  it('serves images to staff inline, never cached, nosniff', async () => {
    const response = await getDocument(author, applicant.user.id, 'front');
    expectServedDocument(response, 'image/png', /^inline; filename="kyc-front-[0-9a-f]{8}\.png"$/);
    expect((await sharp(response.rawPayload).metadata()).format).toBe('png');
    const views = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, applicant.user.id), eq(auditLog.action, 'kyc.document.view')));
    expect(views.find((row) => row.actorId === author.user.id)).toMatchObject({ targetType: 'user', after: { side: 'front' } });
  });

  it('serves PDFs as attachments, byte for byte', async () => {
    const response = await getDocument(admin, applicant.user.id, 'back');
    expectServedDocument(response, 'application/pdf', /^attachment; filename="kyc-back-[0-9a-f]{8}\.pdf"$/);
    expect(response.rawPayload.equals(pdf())).toBe(true);
  });

  it('is refused to the owner, other users and visitors', async () => {
    const other = await t.createUser();
    expect((await getDocument(applicant, applicant.user.id, 'front')).statusCode).toBe(403);
    expect((await getDocument(other, applicant.user.id, 'front')).statusCode).toBe(403);
    const visitor = await getDocument(null, applicant.user.id, 'front');
    expect(visitor.statusCode).toBe(401);
    for (const response of [visitor, await getDocument(other, applicant.user.id, 'back')]) {
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    }
  });

  it('is 404 for unknown users, sides and submissions; 403 for a higher role', async () => {
    expect((await getDocument(admin, 'nobody', 'front')).statusCode).toBe(404);
    expect((await getDocument(admin, applicant.user.id, 'selfie')).statusCode).toBe(400);
    expect((await getDocument(admin, applicant.user.id, 'front', '?submissionId=nope')).statusCode).toBe(404);
    expect((await getDocument(admin, applicant.user.id, '..%2F..%2Fsecret.key')).statusCode).toBe(400);
    const never = await newApplicant();
    expect((await getDocument(admin, never.user.id, 'front')).statusCode).toBe(404);
    const adminApplicant = await t.createUser({ role: 'admin', kycStatus: 'Not Submitted' });
    await uploadPair(adminApplicant);
    expect((await getDocument(author, adminApplicant.user.id, 'front')).statusCode).toBe(403);
  });

  it('has no public URL: the data directory is not served', async () => {
    const [submission] = await submissionsOf(applicant.user.id);
    for (const url of [`/private/documents/${submission!.frontKey}.bin`, `/data/private/documents/${submission!.frontKey}.bin`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.rawPayload.includes(Buffer.from('VLE1'))).toBe(false);
    }
  });
});
