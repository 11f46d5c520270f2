import { chainErrorText } from '../chain';
import type { AppDeps } from '../deps';
import { bitcoinWatcher, createEvmWatcher, type DepositWatcher } from '../services/money/chain-watcher';

/**
 * Follows each watched chain on a timer (EVM_POLL_SECONDS). Several instances may run it:
 * a chain's lease lets one read it at a time. A backlog is read a batch of ranges per tick,
 * with the next tick right after until the cursor reaches the tip. Returns a stop function
 * that waits for a tick in progress.
 */
export function startChainWatchers(deps: AppDeps): () => Promise<void> {
  const watchers: DepositWatcher[] = [createEvmWatcher(deps), bitcoinWatcher].filter((watcher) => watcher.available);
  const stops = watchers.map((watcher) => startWatcher(deps, watcher));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

function startWatcher(deps: AppDeps, watcher: DepositWatcher): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = () => {
    if (stopped || running) return;
    let again = deps.chain.config.evmPollMs;
    running = watcher
      .tick()
      .then((report) => {
        if (report && (report.seen || report.credited || report.queued || report.dropped || report.rewound)) deps.log.info({ network: watcher.network, ...report }, 'deposits watched');
        if (report && !report.caughtUp) again = 0;
      })
      .catch((error: unknown) =>
        deps.log.warn({ network: watcher.network, error: chainErrorText(error, deps.chain.config.evmRpcUrl) }, 'deposit watcher failed; retrying on the next tick'),
      )
      .finally(() => {
        running = undefined;
        schedule(again);
      });
  };
  schedule(1_000);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
