import { DAY_MS } from './constants';

/**
 * The dashboard's balance over time, as GET /api/money/dashboard sends it: the window's first
 * and last UTC dates and the end-of-day book balance on the first day and on each later day
 * it changed. Most days move nothing, so the changes are a few points where the daily
 * figures would be 30 repeated values.
 */
export interface BalanceSeries {
  /** First day of the window, YYYY-MM-DD (UTC). */
  from: string;
  /** Last day of the window (today on the server), YYYY-MM-DD (UTC). */
  to: string;
  /** End-of-day balances, oldest first: `from` always, then each later day whose balance changed. */
  changes: { date: string; balance: string }[];
}

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
