import { describe, expect, it } from 'vitest';
import { batchedRead } from '../../src/db/batched-read';

/** A load function that records its batches and answers when released. */
function recordingLoad() {
  const batches: string[][] = [];
  const pending: Array<() => void> = [];
  let failNext: Error | undefined;
  const load = (keys: string[]) =>
    new Promise<Array<{ key: string; value: string }>>((resolve, reject) => {
      batches.push(keys);
      const error = failNext;
      failNext = undefined;
      pending.push(() => (error ? reject(error) : resolve(keys.filter((key) => key !== 'missing').map((key) => ({ key, value: `row ${key}` })))));
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
  it('reads keys asked for in the same turn together, one answer per caller, undefined when missing', async () => {
    const source = recordingLoad();
    const read = batchedRead({ load: source.load, keyOf: (row) => row.key });
    const answers = Promise.all(['a', 'b', 'a', 'missing'].map((key) => read(key)));
    await tick();
    expect(source.batches).toEqual([['a', 'b', 'missing']]);
    source.releaseAll();
    expect((await answers).map((row) => row?.value)).toEqual(['row a', 'row b', 'row a', undefined]);
  });

  it('never answers a key from a batch sent before it was asked for: later keys wait for the next batch', async () => {
    const source = recordingLoad();
    const read = batchedRead({ load: source.load, keyOf: (row) => row.key });
    const first = read('a');
    await tick();
    expect(source.batches).toEqual([['a']]);
    // Asked while the first batch is in flight (it might not see a write committed just now).
    const second = read('a');
    const third = read('c');
    await tick();
    expect(source.batches).toHaveLength(1);
    source.releaseAll();
    expect((await first)?.value).toBe('row a');
    await tick();
    expect(source.batches).toEqual([['a'], ['a', 'c']]);
    source.releaseAll();
    expect([(await second)?.value, (await third)?.value]).toEqual(['row a', 'row c']);
  });

  it('fails every caller of a failed batch and keeps serving the next ones', async () => {
    const source = recordingLoad();
    const read = batchedRead({ load: source.load, keyOf: (row) => row.key });
    source.failNextBatch(new Error('connection lost'));
    const failed = [read('a'), read('b')];
    await tick();
    source.releaseAll();
    for (const answer of failed) await expect(answer).rejects.toThrow('connection lost');
    const next = read('a');
    await tick();
    source.releaseAll();
    expect((await next)?.value).toBe('row a');
  });

  it('splits a large crowd into batches of at most maxBatch keys', async () => {
    const source = recordingLoad();
    const read = batchedRead({ load: source.load, keyOf: (row) => row.key, maxBatch: 2, maxInFlight: 3 });
    const answers = Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => read(key)));
    await tick();
    expect(source.batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    source.releaseAll();
    expect((await answers).map((row) => row?.key)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
