import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdOwnTasks, inOwnTask } from '../own-task';

afterEach(() => {
  vi.useRealTimers();
});

describe('own tasks', () => {
  it('run in a task of their own, after the current one', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    inOwnTask(() => ran.push('a'));
    expect(ran).toEqual([]);
    vi.runAllTimers();
    expect(ran).toEqual(['a']);
  });

  it('wait while held (main.tsx: until the first screen under the splash is on screen), then run in the order they came', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const release = holdOwnTasks();
    inOwnTask(() => ran.push('session check'));
    const cancel = inOwnTask(() => ran.push('cancelled'));
    inOwnTask(() => ran.push('live figures'));
    cancel();
    vi.runAllTimers();
    expect(ran).toEqual([]);
    release();
    vi.runAllTimers();
    expect(ran).toEqual(['session check', 'live figures']);
    // Released once: later tasks are not held.
    inOwnTask(() => ran.push('later'));
    vi.runAllTimers();
    expect(ran).toEqual(['session check', 'live figures', 'later']);
  });
});
