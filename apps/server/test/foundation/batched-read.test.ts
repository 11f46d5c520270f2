import { describe, expect, it } from 'vitest';
import { batchedRead } from '../../src/db/batched-read';

/** A load function that records its batches and answers when released. */
function recordingLoad() {
  const batches: Array<readonly { id: string }[]> = [];
  const pending: Array<() => void> = [];
  let failNext: Error | undefined;
  const load = (keys: readonly { id: string }[]) =>
    new Promise<Array<{ key: string; value: string } | undefined>>((resolve, reject) => {
      batches.push(keys);
      const error = failNext;
      failNext = undefined;
      pending.push(() => (error ? reject(error) : resolve(keys.map(({ id }) => (id === 'missing' ? undefined : { key: id, value: `row ${id}` })))));
    });
  return {
    load,
    batches,
    releaseAll: () => pending.splice(0).forEach((release) => release()),
    failNextBatch: (error: Error) => (failNext = error),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedRead', () => {
  it('reads the keys asked for in the same turn together, each caller its own answer (undefined when missing)', async () => {
    const source = recordingLoad();
    const read = batchedRead({ load: source.load, timeoutMs: 10_000 });
    const answers = Promise.all(['a', 'b', 'a', 'missing'].map((id) => read({ id })));
    await tick();
    expect(source.batches).toEqual([[{ id: 'a' }, { id: 'b' }, { id: 'a' }, { id: 'missing' }]]);
    source.releaseAll();
    expect((await answers).map((row) => row?.value)).toEqual(['row a', 'row b', 'row a', undefined]);
  });

  it('never answers a key from a batch sent before it was asked for: later keys wait for the next batch', async () => {
    const source = recordingLoad();
    const read = batchedRead({ load: source.load, timeoutMs: 10_000 });
    const first = read({ id: 'a' });
    await tick();
    expect(source.batches).toEqual([[{ id: 'a' }]]);
    // Asked while the first batch is in flight (it might not see a write committed just now).
    const second = read({ id: 'a' });
    const third = read({ id: 'c' });
    await tick();
    expect(source.batches).toHaveLength(1);
    source.releaseAll();
    expect((await first)?.value).toBe('row a');
    await tick();
    expect(source.batches).toEqual([[{ id: 'a' }], [{ id: 'a' }, { id: 'c' }]]);
    source.releaseAll();
    expect([(await second)?.value, (await third)?.value]).toEqual(['row a', 'row c']);
  });

  it('fails every caller of a failed batch and keeps serving the next ones', async () => {
    const source = recordingLoad();
    const read = batchedRead({ load: source.load, timeoutMs: 10_000 });
    source.failNextBatch(new Error('connection lost'));
    const failed = [read({ id: 'a' }), read({ id: 'b' })];
    await tick();
    source.releaseAll();
    for (const answer of failed) await expect(answer).rejects.toThrow('connection lost');
    const next = read({ id: 'a' });
    await tick();
    source.releaseAll();
    expect((await next)?.value).toBe('row a');
  });

  it('splits a large crowd into batches of at most maxBatch keys', async () => {
    const source = recordingLoad();
    const read = batchedRead({ load: source.load, maxBatch: 2, maxInFlight: 3, timeoutMs: 10_000 });
    const answers = Promise.all(['a', 'b', 'c', 'd', 'e'].map((id) => read({ id })));
    await tick();
    expect(source.batches).toEqual([[{ id: 'a' }, { id: 'b' }], [{ id: 'c' }, { id: 'd' }], [{ id: 'e' }]]);
    source.releaseAll();
    expect((await answers).map((row) => row?.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('fails a batch that has no answer by its deadline and serves the callers behind it (a stalled read holds nobody)', async () => {
    const source = recordingLoad();
    const read = batchedRead({ load: source.load, maxInFlight: 1, timeoutMs: 50 });
    const stalled = read({ id: 'a' });
    await tick();
    const behind = read({ id: 'b' });
    await expect(stalled).rejects.toThrow(/timeout/);
    // The stalled batch's place is free: the next batch went out without waiting for its answer.
    await tick();
    expect(source.batches).toEqual([[{ id: 'a' }], [{ id: 'b' }]]);
    source.releaseAll();
    expect((await behind)?.value).toBe('row b');
  });
});
