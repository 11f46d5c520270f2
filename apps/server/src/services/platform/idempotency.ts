import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';

/** Records are kept at least this long (PRODUCT §1.6: at least 24 hours). */
export const IDEMPOTENCY_RETENTION_HOURS = 48;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n`)
    .update(request.url)
    .update('\n')
    .update(JSON.stringify(canonical(request.body ?? null)))
    .digest('hex');
}

/** Deletes records older than the retention period. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`));
}

/**
 * Runs a money-creating handler at most once per `Idempotency-Key` (per user):
 * - no header: runs it;
 * - a new key: runs it and stores the answer;
 * - the same key and the same request (method, path, body): replays the stored answer
 *   (status and body; header `Idempotent-Replayed: true`) without running anything;
 * - the same key with a different request: 422;
 * - the same key while the first is still running: 409.
 * A handler that fails stores nothing, so the client may retry with the same key.
 *
 *   app.post('/api/x', { preHandler: requireUser, schema }, (request, reply) =>
 *     withIdempotency(request, reply, () => createX(app.deps, ...), { status: 201 }));
 */
export async function withIdempotency<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<T>,
  options: { status?: number } = {},
): Promise<T> {
  const status = options.status ?? 200;
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    reply.code(status);
    return run();
  }
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 printable characters');
  const db = request.server.deps.db;
  const userId = request.auth?.user.id ?? 'anonymous';
  const hash = requestHash(request);

  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!existing) throw new AppError(409, 'A request with this Idempotency-Key is still in progress');
    if (existing.requestHash !== hash) {
      throw new AppError(422, 'This Idempotency-Key was already used for a different request');
    }
    if (existing.statusCode === null) throw new AppError(409, 'A request with this Idempotency-Key is still in progress');
    reply.code(existing.statusCode).header('idempotent-replayed', 'true');
    return existing.responseBody as T;
  }

  if (Math.random() < 0.02) void purgeIdempotencyKeys(db).catch(() => {});
  let body: T;
  try {
    body = await run();
  } catch (error) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .catch(() => {});
    throw error;
  }
  await db
    .update(idempotencyKeys)
    .set({ statusCode: status, responseBody: JSON.parse(JSON.stringify(body ?? null)) })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  reply.code(status);
  return body;
}
