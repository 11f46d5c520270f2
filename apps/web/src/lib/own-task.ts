/** Tasks waiting for the first screen to be painted (holdOwnTasks), or null when none are held. */
let held: Array<() => void> | null = null;

/**
 * Runs `fn` in a task of its own, after the current one; returns a function that cancels it.
 * Effects that run when a page first renders (session check, live figures, settings) use it:
 * each request costs the main thread a few milliseconds (four times that on a slow phone), and
 * started together in one effects pass they made one long task that held up input.
 * While held (holdOwnTasks), it waits for the release first.
 */
export function inOwnTask(fn: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (!cancelled) timer = setTimeout(fn, 0);
  };
  if (held) held.push(start);
  else start();
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/**
 * Holds the tasks inOwnTask is given until the returned function is called, then starts them in
 * the order they came (main.tsx: until the first screen under the splash is on screen).
 */
export function holdOwnTasks(): () => void {
  held = [];
  return () => {
    const waiting = held ?? [];
    held = null;
    for (const start of waiting) start();
  };
}

/**
 * Runs `fn` in a task once what has been committed is on screen: at the browser's next
 * largest-contentful-paint entry (the frame with the first screen's text, as it was presented).
 * A frame is presented some time after the main thread has painted it (20-40 ms on a busy
 * machine), so the next task after the paint came too early. Without that entry type (Firefox,
 * Safari), after the next frame; in a hidden tab, which presents nothing, at once; at most a
 * second later (the entry comes only when something larger than before is painted).
 */
export function afterPresented(fn: () => void) {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(limit);
    setTimeout(fn, 0);
  };
  const limit = setTimeout(run, 1000);
  if (document.visibilityState === 'hidden') run();
  else if (PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
    observer = new PerformanceObserver(run);
    observer.observe({ type: 'largest-contentful-paint' });
  } else requestAnimationFrame(run);
}
