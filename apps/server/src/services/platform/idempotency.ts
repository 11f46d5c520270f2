import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, badRequest } from '../../lib/errors';

/** Records are kept at least this long (PRODUCT §1.6: at least 24 hours). */
export const IDEMPOTENCY_RETENTION_HOURS = 48;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Objects with their keys sorted, so key order does not change the hash; JSON.stringify walks the nesting, not JS recursion. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, object[key]]),
  );
}

export function requestHash(request: FastifyRequest): string {
  const body = JSON.stringify(request.body ?? null, sortedKeys);
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n`)
    .update(request.url)
    .update('\n')
    .update(body)
    .digest('hex');
}

/** Deletes records older than the retention period. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`));
}

/**
 * Runs a handler that moves money or changes what staff act on at most once per
 * `Idempotency-Key` (per user):
 * - no header: runs it;
 * - a new key: runs it, and stores the key and the answer in the same transaction as the
 *   handler's writes, so they commit together or not at all: whatever fails on the way (a
 *   dropped connection, a stalled database, a crash), a retry with the key either replays the
 *   answer or runs the handler for the first time, never twice and never "in progress" for good;
 * - the same key and the same request (method, path, body): replays the stored answer
 *   (status and body; header `Idempotent-Replayed: true`) without running anything;
 * - the same key with a different request: 422;
 * - the same key while the first is still running: waits for it (the key's row is locked
 *   until the first commits or rolls back), then replays or runs.
 * A handler that fails (4xx included) stores nothing, so the client may retry with the same key.
 *
 * The handler gets the app's deps with `db` bound to that transaction and must use them for
 * every read and write (the services' own transactions become savepoints inside it):
 *
 *   app.post('/api/x', { preHandler: requireUser, schema }, (request, reply) =>
 *     withIdempotency(request, reply, (deps) => createX(deps, ...), { status: 201 }));
 */
export async function withIdempotency<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (deps: AppDeps) => Promise<T>,
  options: { status?: number | ((answer: T) => number) } = {},
): Promise<T> {
  const statusOf = (answer: T) => (typeof options.status === 'function' ? options.status(answer) : (options.status ?? 200));
  const deps = request.server.deps;
  const header = request.headers['idempotency-key'];
  if (header === undefined) {
    const answer = await run(deps);
    reply.code(statusOf(answer));
    return answer;
  }
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 printable characters');
  const userId = request.auth?.user.id ?? 'anonymous';
  const hash = requestHash(request);
  const ofKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  const outcome = await deps.db.transaction(async (tx) => {
    // A concurrent request with the same key holds the row until it commits or rolls back: this waits for it.
    const claimed = await tx.insert(idempotencyKeys).values({ userId, key, requestHash: hash }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [existing] = await tx.select().from(idempotencyKeys).where(ofKey).limit(1);
      if (existing && existing.requestHash !== hash) throw new AppError(422, 'This Idempotency-Key was already used for a different request');
      // Only a row written before keys were stored with their answers can lack one.
      if (!existing || existing.statusCode === null) throw new AppError(409, 'A request with this Idempotency-Key is still in progress');
      return { status: existing.statusCode, answer: existing.responseBody as T, replayed: true };
    }
    const answer = await run({ ...deps, db: tx as unknown as Db });
    const status = statusOf(answer);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: status, responseBody: JSON.parse(JSON.stringify(answer ?? null)) })
      .where(ofKey);
    return { status, answer, replayed: false };
  });
  // Emails enqueued by the handler exist now that its transaction committed.
  deps.outbox.wake();
  reply.code(outcome.status);
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return outcome.answer;
}
