import type { AppDeps } from '../deps';
import { matureDue } from '../services/invest/maturity';

/** How often each instance looks for due investments. */
export const MATURITY_INTERVAL_MS = 15_000;

/**
 * Matures due investments on a timer. Safe on several instances at once: each batch claims
 * its rows with FOR UPDATE SKIP LOCKED (services/invest/maturity.ts matureDueBatch), so
 * instances split the backlog and nothing is paid twice. Returns a stop function that
 * waits for a run in progress.
 */
export function startMaturityJob(deps: AppDeps, options: { intervalMs?: number } = {}): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = matureDue(deps)
      .then((count) => {
        if (count > 0) deps.log.info({ count }, 'investments matured');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'maturity job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, 1_000);
  const timer = setInterval(run, options.intervalMs ?? MATURITY_INTERVAL_MS);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
