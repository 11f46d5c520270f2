import { describe, expect, it } from 'vitest';
import { dailyBalances } from '@app/shared';
import type { DailyMove } from '../../src/ledger';
import { balanceSeries, seriesStart } from '../../src/services/money/dashboard';

const now = new Date('2026-03-15T18:30:00Z');

/** Each case: the days' net movements (cents), today's balance (cents), and the changes expected as [date, balance]. */
const cases: Array<{ what: string; moves: DailyMove[]; currentCents: number; changes: Array<[string, string]> }> = [
  {
    what: 'walks today back through each day that moved, leaving out days that netted to nothing',
    moves: [
      ['2026-02-14', '1000'],
      ['2026-03-01', '2500'],
      ['2026-03-02', '0'],
      ['2026-03-15', '-500'],
    ],
    currentCents: 3000,
    changes: [
      ['2026-02-14', '10.00'],
      ['2026-03-01', '35.00'],
      ['2026-03-15', '30.00'],
    ],
  },
  {
    what: 'counts movements dated after today (a clock set back) as today',
    moves: [
      ['2026-03-15', '200'],
      ['2026-04-01', '300'],
    ],
    currentCents: 1500,
    changes: [
      ['2026-02-14', '10.00'],
      ['2026-03-15', '15.00'],
    ],
  },
  {
    what: 'keeps a negative balance (an overdrawn fee) as a signed decimal string',
    moves: [['2026-03-10', '-1250']],
    currentCents: -250,
    changes: [
      ['2026-02-14', '10.00'],
      ['2026-03-10', '-2.50'],
    ],
  },
];

describe('the dashboard balance series', () => {
  it('starts 29 days before today, at the start of that UTC day', () => {
    expect(seriesStart(now)).toBe('2026-02-14T00:00:00.000Z');
    expect(balanceSeries([], 0, now)).toEqual({ from: '2026-02-14', to: '2026-03-15', changes: [{ date: '2026-02-14', balance: '0.00' }] });
  });

  it.each(cases)('$what', ({ moves, currentCents, changes }) => {
    expect(balanceSeries(moves, currentCents, now).changes).toEqual(changes.map(([date, balance]) => ({ date, balance })));
  });

  it('gives every day of the window the balance of its last change', () => {
    const series = balanceSeries(cases[0]!.moves, cases[0]!.currentCents, now);
    expect(dailyBalances(series).map((day) => day.balance)).toEqual([...Array(15).fill('10.00'), ...Array(14).fill('35.00'), '30.00']);
  });
});
