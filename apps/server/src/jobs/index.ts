import type { AppDeps } from '../deps';
import { startChainWatchers } from './chain-watcher';
import { startIdempotencyPurge } from './idempotency-purge';
import { startMaturityJob } from './maturity';

/** Starts the scheduled jobs of this process; returns a function that stops them. */
export function startJobs(deps: AppDeps): () => Promise<void> {
  deps.outbox.start();
  const stopMaturity = startMaturityJob(deps);
  const stopWatchers = startChainWatchers(deps);
  const stopPurge = startIdempotencyPurge(deps);
  return async () => {
    stopPurge();
    await stopWatchers();
    await stopMaturity();
    await deps.outbox.stop();
  };
}
