import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { KYC_MESSAGES, kycSideMessage, ROLES, roleRank, type KycDocumentSide, type KycStatusView, type Role, type StaffQueueQuery } from '@app/shared';
import type { AppDeps } from '../../deps';
import { kycSubmissions, users, type KycSubmissionRow, type UserRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { decodeKeyset, keysetAt, keysetPage, keysetStatements, pastKeysetPlaceholders } from '../../db/keyset';
import { preparedPerDatabase } from '../../db/prepared';
import { nameLiterals } from '../../db/rows';
import { jsonIso, jsonObject, jsonPageText, jsonValue } from '../../db/json-text';
import { localizedEmail } from '../../email/locales';
import { recordAudit, type AuditActor } from '../platform/audit';
import { documentStore, newDocumentKey } from './document-storage';
import { describeRefusedDocument, displayName, prepareKycDocument } from './documents';
import type { SessionUser } from '../auth/sessions';
import { caseListText, ownerJsonEntries } from '../platform/requests';

/**
 * KYC rules:
 * - Upload (front + back) sets the user's status to Pending. Uploading again while Pending
 *   replaces the pending pair: the row stays (marked Superseded) but its files, which no
 *   reviewer ever decided on, are deleted, so re-uploading cannot fill the disk. After a
 *   rejection it starts a new Pending submission; rejected and approved documents are kept
 *   for the audit trail. Approved accounts cannot upload again (409). At most
 *   UPLOADS_PER_HOUR uploads per user per hour (429).
 * - Staff approve or reject only a Pending submission (409 otherwise), and only for
 *   accounts of a lower role than their own (PRODUCT §2 roles). The decision records who
 *   and when, an optional reason, writes an audit entry and emails the user, in one
 *   transaction that also updates users.kyc_status (the status the rest of the product reads).
 */

export interface IncomingDocument {
  bytes: Buffer;
  filename: string | undefined;
}

function lowerRoles(role: Role): Role[] {
  return ROLES.filter((candidate) => roleRank(candidate) < roleRank(role));
}

async function latestSubmission(deps: AppDeps, userId: string): Promise<KycSubmissionRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.submittedAt), desc(kycSubmissions.id))
    .limit(1);
  return row;
}

/** Refuses early (before reading files) when the account cannot upload. */
export function assertCanUpload(user: SessionUser): void {
  if (user.kycStatus === 'Approved') throw conflict(KYC_MESSAGES.alreadyApproved);
}

/** One side's document, a refusal naming the side and the type its bytes show. */
async function prepareSide(side: KycDocumentSide, document: IncomingDocument) {
  try {
    return await prepareKycDocument(document.bytes);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 415) {
      throw new AppError(415, kycSideMessage(side, error.message, await describeRefusedDocument(document.bytes, document.filename)));
    }
    throw error;
  }
}

/** Uploads one user may make per hour (each one costs decoding work and, if rejected, storage). */
export const UPLOADS_PER_HOUR = 10;

export async function submitKycDocuments(
  deps: AppDeps,
  userId: string,
  documents: { front: IncomingDocument; back: IncomingDocument },
): Promise<KycStatusView> {
  const [recent] = await deps.db
    .select({ n: count() })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), gt(kycSubmissions.submittedAt, new Date(deps.now().getTime() - 3_600_000))));
  if ((recent?.n ?? 0) >= UPLOADS_PER_HOUR) throw new AppError(429, 'Too many uploads. Please try again later.');
  const [front, back] = await Promise.all([prepareSide('front', documents.front), prepareSide('back', documents.back)]);
  const store = documentStore(deps);
  const frontKey = newDocumentKey('kyc');
  const backKey = newDocumentKey('kyc');
  const written: string[] = [];
  try {
    await store.put(frontKey, front.bytes);
    written.push(frontKey);
    await store.put(backKey, back.bytes);
    written.push(backKey);
    const submittedAt = deps.now();
    const replaced = await deps.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user || user.deletedAt) throw notFound('User not found');
      assertCanUpload(user);
      const superseded = await tx
        .update(kycSubmissions)
        .set({ status: 'Superseded' })
        .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'Pending')))
        .returning({ frontKey: kycSubmissions.frontKey, backKey: kycSubmissions.backKey });
      await tx.insert(kycSubmissions).values({
        id: randomUUID(),
        userId,
        status: 'Pending',
        frontKey,
        backKey,
        frontMime: front.mime,
        backMime: back.mime,
        frontSize: front.bytes.length,
        backSize: back.bytes.length,
        frontName: displayName(documents.front.filename),
        backName: displayName(documents.back.filename),
        submittedAt,
      });
      await tx.update(users).set({ kycStatus: 'Pending', updatedAt: submittedAt }).where(eq(users.id, userId));
      return superseded.flatMap((row) => [row.frontKey, row.backKey]);
    });
    written.length = 0;
    // The replaced, never-reviewed pair goes once the new one is committed.
    await Promise.all(
      replaced.map((key) => store.delete(key).catch((error: unknown) => deps.log.warn({ err: error, key }, 'could not delete a superseded KYC document'))),
    );
    return { kycStatus: 'Pending', submittedAt: submittedAt.toISOString(), reviewedAt: null, reason: null };
  } catch (error) {
    // Nothing of a refused or failed upload stays on disk.
    await Promise.all(written.map((key) => store.delete(key).catch(() => {})));
    throw error;
  }
}

export async function getOwnKycStatus(deps: AppDeps, user: SessionUser): Promise<KycStatusView> {
  const latest = await latestSubmission(deps, user.id);
  return {
    kycStatus: user.kycStatus,
    submittedAt: latest?.submittedAt.toISOString() ?? null,
    reviewedAt: latest?.reviewedAt?.toISOString() ?? null,
    reason: user.kycStatus === 'Rejected' && latest?.status === 'Rejected' ? latest.reason : null,
  };
}

/** The owner's rejected submissions (kyc_submissions_user_idx), read in the page's statement. */
const ownerRejections = sql`from ${kycSubmissions} as rejected where rejected.user_id = ${users.id} and rejected.status = 'Rejected'`;

/**
 * A pending case as the queue shows it (pendingKycCaseSchema's keys in order), written by the
 * page's statement up to `lastRejectionReason` (`view`, left open) and its documents' types and
 * names (`documents`); the server writes the `kyc` object: the two document links, then those.
 */
const caseFields = {
  view: jsonObject(
    [
      ...ownerJsonEntries,
      ['submissionId', jsonValue(kycSubmissions.id)],
      ['phone', jsonValue(users.phone)],
      ['country', jsonValue(users.country)],
      ['role', jsonValue(users.role)],
      ['isVerified', jsonValue(users.isVerified)],
      ['kycStatus', jsonValue(users.kycStatus)],
      ['createdAt', jsonIso(users.createdAt)],
      ['submittedAt', jsonIso(kycSubmissions.submittedAt)],
      ['previousRejections', sql<string>`(select count(*)::int ${ownerRejections})::text`],
      ['lastRejectionReason', jsonValue(sql`(select rejected.reason ${ownerRejections} order by rejected.submitted_at desc limit 1)`)],
    ],
    { open: true },
  ) as SQL<string | null>,
  documents: jsonObject([
    ['frontType', jsonValue(kycSubmissions.frontMime)],
    ['backType', jsonValue(kycSubmissions.backMime)],
    ['frontName', jsonValue(kycSubmissions.frontName)],
    ['backName', jsonValue(kycSubmissions.backName)],
  ]),
  userId: users.id,
  submissionId: kycSubmissions.id,
};

/**
 * The pages of the pending cases of owners of `roles`, oldest submission first, each with the
 * owner's earlier rejections; after a cursor (`at`, `id`) or from the start. Prepared: a page
 * skips Drizzle's query building (a tenth of the page's CPU profile). The status and the roles
 * are written in the statement (the roles are the viewer's lower ones, from ROLES), so the
 * default first page has no parameters and PostgreSQL plans it once per connection (db/keyset.ts).
 */
const pendingCases = (name: string, roles: readonly Role[]) =>
  keysetStatements((afterCursor, limit, suffix) =>
    preparedPerDatabase((db) =>
      db
        .select({ ...caseFields, at: keysetAt(kycSubmissions.submittedAt) })
        .from(kycSubmissions)
        .innerJoin(users, eq(users.id, kycSubmissions.userId))
        .where(
          and(
            sql`${kycSubmissions.status} = 'Pending'`,
            isNull(users.deletedAt),
            sql`${users.role} in (${nameLiterals(roles)})`,
            afterCursor ? pastKeysetPlaceholders(kycSubmissions.submittedAt, kycSubmissions.id, 'asc') : undefined,
          ),
        )
        .orderBy(asc(kycSubmissions.submittedAt), asc(kycSubmissions.id))
        .limit(limit)
        .prepare(`pending_kyc_${name}_${suffix}`),
    ),
  );
/** Each staff role's pages: the cases of owners of the roles below it. */
const casesForViewer = new Map(ROLES.map((role) => [role, pendingCases(role, lowerRoles(role))]));

/**
 * Pending cases the viewer may decide, oldest submission first, a keyset page at a time like
 * the other staff queues; each with the owner's earlier rejections, in one statement: the
 * page's JSON text (the route sends it as it is).
 */
export async function listPendingKyc(deps: AppDeps, viewer: SessionUser, query: StaffQueueQuery): Promise<string> {
  const after = decodeKeyset(query.cursor);
  if (lowerRoles(viewer.role).length === 0) return jsonPageText('pendingUsers', '[]', null);
  const statement = casesForViewer.get(viewer.role)!(after, query.limit)(deps.db);
  const read = await statement.execute({ limit: query.limit + 1, ...after });
  const { rows, nextCursor } = keysetPage(read, query.limit, (row) => ({ at: row.at, id: row.submissionId }));
  return jsonPageText('pendingUsers', caseListText(rows, caseDocuments), nextCursor);
}

/** A case's `kyc` object: the links to its two documents (the document route), then their types and names as read. */
function caseDocuments(row: { userId: string; submissionId: string; documents: string }): string {
  // The two links differ only in the side: the ids are encoded once.
  const base = `/api/users/kyc/${encodeURIComponent(row.userId)}/documents/`;
  const query = `?submissionId=${encodeURIComponent(row.submissionId)}`;
  return `,"kyc":{"frontDoc":${JSON.stringify(`${base}front${query}`)},"backDoc":${JSON.stringify(`${base}back${query}`)},${row.documents.slice(1)}`;
}

function assertMayActOn(viewer: SessionUser, target: UserRow): void {
  if (viewer.id === target.id) throw forbidden('You cannot review your own KYC documents');
  if (roleRank(target.role) >= roleRank(viewer.role)) throw forbidden('You can only review accounts of a lower role than yours');
}

export type KycDecision = 'Approved' | 'Rejected';

export async function decideKyc(
  deps: AppDeps,
  actor: AuditActor,
  viewer: SessionUser,
  targetUserId: string,
  decision: KycDecision,
  input: { reason?: string | undefined; submissionId?: string | undefined },
): Promise<{ kycStatus: KycDecision; reviewedAt: string; submissionId: string }> {
  const reason = input.reason?.trim() || null;
  const reviewedAt = deps.now();
  return deps.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, targetUserId)).for('update');
    if (!target || target.deletedAt) throw notFound('User not found');
    assertMayActOn(viewer, target);
    const [pending] = await tx
      .select()
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, target.id), eq(kycSubmissions.status, 'Pending')))
      .limit(1);
    if (!pending) throw conflict(KYC_MESSAGES.alreadyDecided);
    if (input.submissionId && input.submissionId !== pending.id) {
      throw conflict('The documents were replaced since you opened this case. Review the new ones.');
    }
    const updated = await tx
      .update(kycSubmissions)
      .set({ status: decision, reviewedById: viewer.id, reviewedAt, reason })
      .where(and(eq(kycSubmissions.id, pending.id), eq(kycSubmissions.status, 'Pending')))
      .returning({ id: kycSubmissions.id });
    if (updated.length === 0) throw conflict(KYC_MESSAGES.alreadyDecided);
    await tx.update(users).set({ kycStatus: decision, updatedAt: reviewedAt }).where(eq(users.id, target.id));
    await recordAudit(tx, actor, {
      action: decision === 'Approved' ? 'kyc.approve' : 'kyc.reject',
      targetType: 'user',
      targetId: target.id,
      before: { kycStatus: target.kycStatus, submissionId: pending.id },
      after: { kycStatus: decision, submissionId: pending.id },
      reason,
    });
    const appUrl = deps.config.appUrl;
    await deps.outbox.enqueue(
      tx,
      localizedEmail(target, 'kyc-decided', ({ t }) =>
        decision === 'Approved'
          ? {
              subject: t('kycApproved.subject'),
              heading: t('kycApproved.heading'),
              paragraphs: [t('common.greeting', { name: target.name }), t('kycApproved.body')],
              action: { label: t('common.goToAccount'), url: `${appUrl}/my-account` },
            }
          : {
              subject: t('kycRejected.subject'),
              heading: t('kycRejected.heading'),
              paragraphs: [
                t('common.greeting', { name: target.name }),
                t('kycRejected.body'),
                ...(reason ? [t('common.reason', { reason })] : []),
                t('kycRejected.retry'),
              ],
              action: { label: t('kycRejected.action'), url: `${appUrl}/upload-kyc` },
            },
      ),
    );
    return { kycStatus: decision, reviewedAt: reviewedAt.toISOString(), submissionId: pending.id };
  });
}

export interface StoredDocument {
  bytes: Buffer;
  mime: string;
  filename: string;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

/**
 * One side of a user's submission (the latest one, or `submissionId` from their history),
 * for staff who may act on that user, recorded in the audit log. Unknown users and
 * submissions are 404.
 */
export async function readKycDocument(
  deps: AppDeps,
  actor: AuditActor,
  viewer: SessionUser,
  targetUserId: string,
  side: KycDocumentSide,
  submissionId: string | undefined,
): Promise<StoredDocument> {
  const [target] = await deps.db.select().from(users).where(eq(users.id, targetUserId)).limit(1);
  if (!target || target.deletedAt) throw notFound('Document not found');
  assertMayActOn(viewer, target);
  const submission = submissionId
    ? (
        await deps.db
          .select()
          .from(kycSubmissions)
          .where(and(eq(kycSubmissions.id, submissionId), eq(kycSubmissions.userId, target.id)))
          .limit(1)
      )[0]
    : await latestSubmission(deps, target.id);
  if (!submission) throw notFound('Document not found');
  const key = side === 'front' ? submission.frontKey : submission.backKey;
  const bytes = await documentStore(deps).get(key);
  if (!bytes) throw notFound('Document not found');
  const mime = side === 'front' ? submission.frontMime : submission.backMime;
  // Who looked at whose identity documents is part of the audit trail.
  await recordAudit(deps.db, actor, {
    action: 'kyc.document.view',
    targetType: 'user',
    targetId: target.id,
    after: { submissionId: submission.id, side },
  });
  return { bytes, mime, filename: `kyc-${side}-${submission.id.slice(0, 8)}.${EXTENSIONS[mime] ?? 'bin'}` };
}

/**
 * Removes every stored document of a user (all submissions, history included). For account
 * deletion (PRODUCT §2: personal data goes); call after the deleting transaction commits.
 * The submission rows stay as the record that a review happened; their files read as 404.
 */
export async function purgeKycDocuments(deps: AppDeps, userId: string): Promise<number> {
  const rows = await deps.db
    .select({ frontKey: kycSubmissions.frontKey, backKey: kycSubmissions.backKey })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId));
  const store = documentStore(deps);
  const keys = rows.flatMap((row) => [row.frontKey, row.backKey]);
  await Promise.all(keys.map((key) => store.delete(key)));
  return keys.length;
}
