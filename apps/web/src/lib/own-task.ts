/**
 * Runs `fn` in a task of its own, after the current one; returns a function that cancels it.
 * Effects that run when a page first renders (session check, live figures, settings) use it:
 * each request costs the main thread a few milliseconds (four times that on a slow phone), and
 * started together in one effects pass they made one long task that held up input.
 */
export function inOwnTask(fn: () => void): () => void {
  const timer = setTimeout(fn, 0);
  return () => clearTimeout(timer);
}
