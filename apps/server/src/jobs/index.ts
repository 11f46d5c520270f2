import type { AppDeps } from '../deps';
import { startMaturityJob } from './maturity';

/** Starts the scheduled jobs of this process; returns a function that stops them. */
export function startJobs(deps: AppDeps): () => Promise<void> {
  deps.outbox.start();
  const stopMaturity = startMaturityJob(deps);
  return async () => {
    await stopMaturity();
    await deps.outbox.stop();
  };
}
