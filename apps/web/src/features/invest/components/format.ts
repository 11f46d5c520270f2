import { applyBasisPoints, centsFromDecimal, formatCents, parseAmount } from '@app/shared';
import { localeDateFormat } from '../../../i18n/format';
import { formatNumber } from '../../../lib/numbers';

/** 8 -> "8%", 12.5 -> "12.5%", 2920 -> "2,920%". Rates only; money never goes through here. */
export function formatPercent(value: number): string {
  return `${formatNumber(value, 2)}%`;
}

const UNITS: Array<[number, string]> = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** A plan term in words: 86400 -> "1 day", 172800 -> "2 days", 5400 -> "1 hour 30 minutes". */
export function formatDuration(seconds: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(seconds));
  for (const [size, unit] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
      rest -= count * size;
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ') || '0 seconds';
}

/** A countdown: "1d 02:03:04", "02:03:04" under a day. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const clock = [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** A rate in percent (at most two decimals) in basis points, for integer money arithmetic. */
export function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/**
 * Profit for an amount typed by the user (decimal text) at a term rate: integer cents,
 * rounded half-even like the server. Null while the text is not an amount.
 */
export function profitFor(amountText: string, roiPercent: number): { amountCents: number; profitCents: number } | null {
  const parsed = parseAmount(amountText);
  if (!parsed.ok) return null;
  return { amountCents: parsed.cents, profitCents: applyBasisPoints(parsed.cents, basisPoints(roiPercent)) };
}

export function cents(decimal: string): number {
  return centsFromDecimal(decimal);
}

export { formatCents };

/** Elapsed share of a term in [0, 1]. */
export function termProgress(startDate: string | null, endDate: string | null, now: number): number {
  if (!startDate || !endDate) return 0;
  const start = Date.parse(startDate);
  const end = Date.parse(endDate);
  if (end <= start) return 1;
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}

const dateTimeFormat = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
export function formatDateTime(value: string | null | undefined): string {
  return value ? dateTimeFormat.format(new Date(value)) : '—';
}
