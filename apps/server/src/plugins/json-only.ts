import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * onRequest for routes that take JSON only. Fastify would also parse text/plain; a form post
 * or anything else with a body gets 415 before it is read.
 */
export async function jsonOnly(request: FastifyRequest): Promise<void> {
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) throw new AppError(415, 'Unsupported content type');
}
