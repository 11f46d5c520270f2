import type { AppDeps } from '../deps';
import { purgeIdempotencyKeys } from '../services/platform/idempotency';

/** How often each instance deletes the Idempotency-Key records past their retention. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Purges expired Idempotency-Key records on a timer (a delete by age: harmless on several instances). */
export function startIdempotencyPurge(deps: AppDeps): () => void {
  const run = () => {
    purgeIdempotencyKeys(deps.db).catch((error: unknown) => deps.log.warn({ err: error }, 'purging old idempotency keys failed'));
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, IDEMPOTENCY_PURGE_INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
