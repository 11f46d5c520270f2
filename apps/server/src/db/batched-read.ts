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
  /** Reads the rows of these distinct keys; rows for keys that do not exist are missing. */
  load: (keys: K[]) => Promise<R[]>;
  keyOf: (row: R) => K;
  /** Batches read at once: 1 keeps a single connection busy, so the rest of the pool serves other queries. */
  maxInFlight?: number;
  maxBatch?: number;
}): (key: K) => Promise<R | undefined> {
  const { load, keyOf, maxInFlight = 1, maxBatch = 256 } = options;
  const waiting: Array<{ key: K; resolve: (row: R | undefined) => void; reject: (error: unknown) => void }> = [];
  let inFlight = 0;
  let scheduled = false;

  function send() {
    scheduled = false;
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = waiting.splice(0, maxBatch);
      inFlight += 1;
      load([...new Set(batch.map((waiter) => waiter.key))]).then(
        (rows) => {
          const byKey = new Map(rows.map((row) => [keyOf(row), row]));
          for (const waiter of batch) waiter.resolve(byKey.get(waiter.key));
        },
        (error: unknown) => {
          for (const waiter of batch) waiter.reject(error);
        },
      ).finally(() => {
        inFlight -= 1;
        send();
      });
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
