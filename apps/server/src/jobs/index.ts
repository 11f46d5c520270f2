import type { AppDeps } from '../deps';

/** Starts the scheduled jobs of this process; returns a function that stops them. */
export function startJobs(deps: AppDeps): () => Promise<void> {
  deps.outbox.start();
  return async () => {
    await deps.outbox.stop();
  };
}
