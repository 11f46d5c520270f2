/**
 * Concurrent reads of the same kind become one query: keys asked for while a batch is being
 * read wait, then go together in the next one. Every key is read by a query sent after it was
 * asked for, never answered from one that started earlier, so a batch sees every write
 * committed before its callers arrived; batching changes the number of round trips (one
 * pool checkout, one write and one row description per batch), not the answers.
 *
 * Under no load a read goes alone, one event-loop turn later. Under load the batch grows with
 * the number of requests that arrived during the previous round trip.
 */
export function batchedRead<K, R>(options: {
  /**
   * Reads the rows of these keys (one per caller, in the order asked, repeats included) and
   * answers each key's row at the same index, or undefined where there is none.
   */
  load: (keys: readonly K[]) => Promise<ReadonlyArray<R | undefined>>;
  /** Batches read at once: 1 keeps a single connection busy, so the rest of the pool serves other queries. */
  maxInFlight?: number;
  maxBatch?: number;
  /**
   * A batch with no answer by then fails its callers (503) and frees its place, so the batches
   * behind it go on: a read hung on a stalled connection must not hold every later caller.
   */
  timeoutMs: number;
}): (key: K) => Promise<R | undefined> {
  const { load, maxInFlight = 1, maxBatch = 256, timeoutMs } = options;
  const waiting: Array<{ key: K; resolve: (row: R | undefined) => void; reject: (error: unknown) => void }> = [];
  let inFlight = 0;
  let scheduled = false;

  function send() {
    scheduled = false;
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = waiting.splice(0, maxBatch);
      inFlight += 1;
      let settled = false;
      const settle = (outcome: (waiter: (typeof batch)[number], index: number) => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        batch.forEach(outcome);
        inFlight -= 1;
        send();
      };
      const deadline = setTimeout(
        () => settle((waiter) => waiter.reject(new Error(`Query read timeout after ${timeoutMs} ms (batched read)`))),
        timeoutMs,
      );
      load(batch.map((waiter) => waiter.key)).then(
        (rows) => settle((waiter, index) => waiter.resolve(rows[index])),
        (error: unknown) => settle((waiter) => waiter.reject(error)),
      );
    }
  }

  return (key) =>
    new Promise((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        // The requests parsed in this turn of the event loop go together.
        setImmediate(send);
      }
    });
}
