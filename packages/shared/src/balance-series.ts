import { DAY_MS } from './constants';
import type { BalanceSeries } from './schemas/money';

/** One point per day from `from` to `to`, each day carrying the latest change on or before it. */
export function dailyBalances(series: BalanceSeries): { date: string; balance: string }[] {
  const start = Date.parse(`${series.from}T00:00:00Z`);
  const end = Date.parse(`${series.to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return [];
  const days: { date: string; balance: string }[] = [];
  let next = 0;
  let balance = series.changes[0]?.balance ?? '0.00';
  for (let time = start; time <= end; time += DAY_MS) {
    const date = new Date(time).toISOString().slice(0, 10);
    while (next < series.changes.length && series.changes[next]!.date <= date) balance = series.changes[next++]!.balance;
    days.push({ date, balance });
  }
  return days;
}
