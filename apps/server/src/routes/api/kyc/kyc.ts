import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  KYC_DOCUMENT_SIDES,
  KYC_MAX_FILE_BYTES,
  KYC_MESSAGES,
  kycDecisionAnswerSchema,
  kycDecisionSchema,
  kycSideMessage,
  kycStatusViewSchema,
  kycUploadAnswerSchema,
  pendingKycListSchema,
  staffQueueQuerySchema,
  type KycDocumentSide,
} from '@app/shared';
import { AppError, badRequest } from '../../../lib/errors';
import type { App } from '../../../plugins/types';
import { sendJsonText } from '../../../plugins/response-serializer';
import { currentUser } from '../../../plugins/session';
import { auditActor } from '../../../services/platform/audit';
import {
  assertCanUpload,
  decideKyc,
  getOwnKycStatus,
  listPendingKyc,
  readKycDocument,
  submitKycDocuments,
  type IncomingDocument,
  type KycDecision,
} from '../../../services/kyc/kyc';
import { routeOptions } from '../../route-options';

const route = routeOptions('kyc');

const userParam = z.object({ id: z.string().min(1).max(64) });

const tooLarge = (side?: KycDocumentSide) =>
  new AppError(413, side ? kycSideMessage(side, KYC_MESSAGES.tooLarge, 'This file is over 10 MB.') : KYC_MESSAGES.tooLarge);

/** Reads one side's file part, refusing it as soon as it passes the limit (busboy truncates there). */
async function readLimited(side: KycDocumentSide, stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > KYC_MAX_FILE_BYTES || stream.truncated) throw tooLarge(side);
    chunks.push(chunk);
  }
  if (stream.truncated) throw tooLarge(side);
  return Buffer.concat(chunks, size);
}

const MULTIPART_LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** Upload in its own scope: multipart parsing exists only for this route. */
async function uploadRoute(scope: App) {
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: KYC_MAX_FILE_BYTES, files: 2, fields: 4, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });

  scope.post(
    '/api/users/uploadKycDocuments',
    {
      ...route.user(
        'Upload identity documents (multipart: front and back, 10 MB each)',
        { consumes: ['multipart/form-data'], response: { 201: kycUploadAnswerSchema } },
      ),
      config: { bodyDeadline: 'upload' },
    },
    async (request, reply) => {
      const user = currentUser(request);
      assertCanUpload(user);
      if (!request.isMultipart()) throw badRequest(KYC_MESSAGES.bothRequired);
      const files: Partial<Record<KycDocumentSide, IncomingDocument>> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const side = part.fieldname;
          if ((side !== 'front' && side !== 'back') || files[side]) {
            part.file.resume();
            throw badRequest('Send one front and one back document.');
          }
          const bytes = await readLimited(side, part.file);
          if (bytes.length === 0) throw badRequest(kycSideMessage(side, KYC_MESSAGES.selectFile));
          files[side] = { bytes, filename: part.filename };
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code && MULTIPART_LIMIT_CODES.has(code)) throw badRequest('Send one front and one back document.');
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw badRequest(KYC_MESSAGES.uploadFailed);
      }
      if (!files.front || !files.back) throw badRequest(KYC_MESSAGES.bothRequired);
      const kyc = await submitKycDocuments(request.server.deps, user.id, { front: files.front, back: files.back });
      return reply.status(201).send({ message: KYC_MESSAGES.uploaded, kyc });
    },
  );
}

export async function kycRoutes(app: App) {
  await app.register(uploadRoute);

  app.get(
    '/api/users/kyc/status',
    route.user("The signed-in user's KYC status (with the rejection reason)", { response: { 200: kycStatusViewSchema } }),
    async (request) => getOwnKycStatus(app.deps, currentUser(request)),
  );

  app.get(
    '/api/users/kyc/pending',
    route.staff(
      'Pending KYC cases, oldest first (staff); a page of `limit` (50) after `cursor`',
      { querystring: staffQueueQuerySchema, response: { 200: pendingKycListSchema } },
    ),
    async (request, reply) => sendJsonText(reply, await listPendingKyc(app.deps, currentUser(request), request.query)),
  );

  for (const [action, decision] of [
    ['approve', 'Approved'],
    ['reject', 'Rejected'],
  ] as const satisfies readonly (readonly [string, KycDecision])[]) {
    app.patch(
      `/api/users/kyc/:id/${action}`,
      route.staff(
        `${decision === 'Approved' ? 'Approve' : 'Reject'} a pending KYC submission (staff)`,
        { params: userParam, body: kycDecisionSchema, response: { 200: kycDecisionAnswerSchema } },
      ),
      async (request) => {
        const result = await decideKyc(
          app.deps,
          auditActor(request),
          currentUser(request),
          request.params.id,
          decision,
          request.body ?? {},
        );
        return {
          message: decision === 'Approved' ? KYC_MESSAGES.approved : KYC_MESSAGES.rejected,
          user: { _id: request.params.id, kycStatus: result.kycStatus },
          submissionId: result.submissionId,
          reviewedAt: result.reviewedAt,
        };
      },
    );
  }

  app.get(
    '/api/users/kyc/:id/documents/:side',
    route.staff(
      "One side of a user's KYC documents (staff; never cached)",
      { params: userParam.extend({ side: z.enum(KYC_DOCUMENT_SIDES) }), querystring: z.object({ submissionId: z.string().min(1).max(64).optional() }) },
    ),
    async (request, reply) => {
      const document = await readKycDocument(
        app.deps,
        auditActor(request),
        currentUser(request),
        request.params.id,
        request.params.side,
        request.query.submissionId,
      );
      const disposition = document.mime.startsWith('image/') && document.mime !== 'image/heic' ? 'inline' : 'attachment';
      return reply
        .header('content-type', document.mime)
        .header('content-disposition', `${disposition}; filename="${document.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(document.bytes);
    },
  );
}
