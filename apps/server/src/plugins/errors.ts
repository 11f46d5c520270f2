import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isInvalidText, unavailabilityCause } from '../db/errors';
import { AppError } from '../lib/errors';

const SAFE_FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must be a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
};

interface ZodLikeIssue {
  message: string;
  code?: string;
  path?: PropertyKey[];
  instancePath?: string;
  params?: { issue?: ZodLikeIssue };
}

function validationMessage(issues: ZodLikeIssue[], context: string | undefined): string {
  const first = issues[0];
  const issue = first?.params?.issue ?? first;
  if (!issue) return 'Invalid request';
  const atRoot = (issue.path?.length ?? 0) === 0 && !first?.instancePath;
  if (atRoot && issue.code === 'invalid_type') {
    return context === 'body' ? 'Request body must be a JSON object' : `Invalid ${context ?? 'request'}`;
  }
  return issue.message;
}

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';
/** An outage is one episode until this long passes without a failure: its cause is logged once. */
const EPISODE_QUIET_MS = 30_000;

/**
 * One error handler: every failure becomes `{ message }` with a fitting status. Only
 * unexpected errors are 500, and those never show their details.
 */
export const errorsPlugin = fp(async (app) => {
  let lastUnavailableAt = 0;
  let lastCause = '';
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send({ message: validationMessage(error.validation as unknown as ZodLikeIssue[], error.validationContext) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && SAFE_FASTIFY_MESSAGES[error.code]) ?? (status === 429 ? error.message : 'Bad request');
      return reply.status(status).send({ message });
    }
    const cause = unavailabilityCause(error);
    if (cause !== null) {
      const now = Date.now();
      if (now - lastUnavailableAt > EPISODE_QUIET_MS || cause !== lastCause) {
        request.log.warn({ cause }, `database unavailable: ${cause} (answering 503 until it recovers)`);
      }
      lastUnavailableAt = now;
      lastCause = cause;
      return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE });
    }
    if (isInvalidText(error)) {
      // Text PostgreSQL cannot store (a NUL byte, invalid UTF-8) reached a query: bad input, not a fault.
      return reply.status(400).send({ message: 'Invalid characters in request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
  });
});
