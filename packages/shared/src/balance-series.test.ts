import { describe, expect, it } from 'vitest';
import { dailyBalances } from './balance-series';

describe('dailyBalances', () => {
  it('carries each change forward to every day until the next one', () => {
    const days = dailyBalances({
      from: '2026-02-26',
      to: '2026-03-03',
      changes: [
        { date: '2026-02-26', balance: '10.00' },
        { date: '2026-02-28', balance: '30.00' },
        { date: '2026-03-02', balance: '5.50' },
      ],
    });
    expect(days).toEqual([
      { date: '2026-02-26', balance: '10.00' },
      { date: '2026-02-27', balance: '10.00' },
      { date: '2026-02-28', balance: '30.00' },
      { date: '2026-03-01', balance: '30.00' },
      { date: '2026-03-02', balance: '5.50' },
      { date: '2026-03-03', balance: '5.50' },
    ]);
  });

  it('gives one point per day of a 30-day window with no changes after the first day', () => {
    const days = dailyBalances({ from: '2026-10-26', to: '2026-11-24', changes: [{ date: '2026-10-26', balance: '0.00' }] });
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: '2026-11-24', balance: '0.00' });
    expect(new Set(days.map((day) => day.balance))).toEqual(new Set(['0.00']));
  });

  it('answers nothing for a window that ends before it starts or is not dates', () => {
    expect(dailyBalances({ from: '2026-03-02', to: '2026-03-01', changes: [] })).toEqual([]);
    expect(dailyBalances({ from: 'yesterday', to: '2026-03-01', changes: [] })).toEqual([]);
  });
});
