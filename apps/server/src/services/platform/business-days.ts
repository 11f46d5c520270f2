/**
 * Business time (weekdays, UTC), the one model behind "overdue": a withdrawal waiting more than
 * WITHDRAWAL_FLAG_BUSINESS_DAYS business days is flagged in its queue, and the staff home
 * counts every queue's requests past the same deadline.
 */
import { DAY_MS, WITHDRAWAL_FLAG_BUSINESS_DAYS } from '@app/shared';

/**
 * Weekdays among the first r days (0-7) of a week that starts on a Thursday, as day 0 since the
 * epoch (1970-01-01) did: Thu, Fri, Sat, Sun, Mon, Tue, Wed.
 */
const WEEKDAYS_BEFORE = [0, 1, 2, 2, 2, 3, 4, 5];

/** Milliseconds that fall on weekdays (UTC) from the epoch to `ms` (negative before it). */
function businessMsSinceEpoch(ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  const week = Math.floor(day / 7);
  const dayOfWeek = day - week * 7;
  const weekdayToday = WEEKDAYS_BEFORE[dayOfWeek + 1]! > WEEKDAYS_BEFORE[dayOfWeek]!;
  return (week * 5 + WEEKDAYS_BEFORE[dayOfWeek]!) * DAY_MS + (weekdayToday ? ms - day * DAY_MS : 0);
}

/**
 * Milliseconds between two instants (epoch milliseconds) that fall on weekdays. In constant
 * time: the queue computes it for every case it shows, and a day-by-day walk cost a 400-day-old
 * case 400 steps.
 */
export function businessMsFromTo(fromMs: number, toMs: number): number {
  if (toMs <= fromMs) return 0;
  return businessMsSinceEpoch(toMs) - businessMsSinceEpoch(fromMs);
}

export function businessMsBetween(from: Date, to: Date): number {
  return businessMsFromTo(from.getTime(), to.getTime());
}

/** Something waiting since `sinceMs` is overdue at `nowMs`: more than the business days allowed have passed. */
export function pastBusinessDays(sinceMs: number, nowMs: number, businessDays = WITHDRAWAL_FLAG_BUSINESS_DAYS): boolean {
  return businessMsFromTo(sinceMs, nowMs) > businessDays * DAY_MS;
}

const isWeekday = (dayStart: number) => {
  const weekday = new Date(dayStart).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/**
 * The earliest instant from which `businessDays` business days have passed by `now`: what came
 * in before it has waited longer, and is overdue (a query's bound, where pastBusinessDays is a
 * row's test).
 */
export function overdueBefore(now: Date, businessDays = WITHDRAWAL_FLAG_BUSINESS_DAYS): Date {
  let remaining = businessDays * DAY_MS;
  let cursor = now.getTime();
  while (remaining > 0) {
    const dayStart = Math.floor((cursor - 1) / DAY_MS) * DAY_MS;
    if (isWeekday(dayStart)) {
      const taken = Math.min(remaining, cursor - dayStart);
      remaining -= taken;
      cursor -= taken;
    } else {
      cursor = dayStart;
    }
  }
  // A weekend just before it adds no business time: waiting since then is not yet overdue.
  while (cursor % DAY_MS === 0 && !isWeekday(cursor - DAY_MS)) cursor -= DAY_MS;
  return new Date(cursor);
}
