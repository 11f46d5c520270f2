import { describe, expect, it } from 'vitest';
import { dailyBalances } from '@app/shared';
import { balanceSeries, seriesStart } from '../../src/services/money/dashboard';

const now = new Date('2026-03-15T18:30:00Z');

describe('the dashboard balance series', () => {
  it('starts 29 days before today, at the start of that UTC day', () => {
    expect(seriesStart(now)).toBe('2026-02-14T00:00:00.000Z');
    expect(balanceSeries([], 0, now)).toEqual({ from: '2026-02-14', to: '2026-03-15', changes: [{ date: '2026-02-14', balance: '0.00' }] });
  });

  it('walks today back through each day that moved, leaving out days that netted to nothing', () => {
    const series = balanceSeries(
      [
        ['2026-02-14', '1000'],
        ['2026-03-01', '2500'],
        ['2026-03-02', '0'],
        ['2026-03-15', '-500'],
      ],
      3000,
      now,
    );
    expect(series.changes).toEqual([
      { date: '2026-02-14', balance: '10.00' },
      { date: '2026-03-01', balance: '35.00' },
      { date: '2026-03-15', balance: '30.00' },
    ]);
    expect(dailyBalances(series).map((day) => day.balance)).toEqual([...Array(15).fill('10.00'), ...Array(14).fill('35.00'), '30.00']);
  });

  it('counts movements dated after today (a clock set back) as today', () => {
    const series = balanceSeries(
      [
        ['2026-03-15', '200'],
        ['2026-04-01', '300'],
      ],
      1500,
      now,
    );
    expect(series.changes).toEqual([
      { date: '2026-02-14', balance: '10.00' },
      { date: '2026-03-15', balance: '15.00' },
    ]);
  });

  it('keeps a negative balance (an overdrawn fee) as a signed decimal string', () => {
    expect(balanceSeries([['2026-03-10', '-1250']], -250, now).changes).toEqual([
      { date: '2026-02-14', balance: '10.00' },
      { date: '2026-03-10', balance: '-2.50' },
    ]);
  });
});
