import { centsFromDecimal, formatCents, formatUsd as formatUsdEnglish } from '@app/shared';
import { currentLanguage } from './index';
import { cached } from './number-format';

// Plain numbers are in number-format.ts: the landing pages' figures need only that part.
export { formatLocaleNumber } from './number-format';

/**
 * Numbers, money and dates in the language the app shows. Amounts stay US dollars in every
 * language; only grouping, decimal mark and symbol placement follow the language. English keeps
 * the hand-written formatting (lib/numbers.ts: no Intl on the public pages' first render).
 */
/** Integer cents as US dollars: "$1,234.50" in English, "1.234,50 US$" in Spanish. */
export function formatUsd(cents: number | bigint): string {
  const language = currentLanguage();
  if (language === 'en') return formatUsdEnglish(cents);
  const format = cached(`usd:${language}`, () => new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }));
  // The decimal string keeps amounts exact (no float).
  return format.format(formatCents(cents) as Intl.StringNumericLiteral);
}

/** An API money string ("1234.5") for people. */
export function formatMoney(decimal: string): string {
  return formatUsd(centsFromDecimal(decimal));
}

/** A date formatter that follows the app's language (looked up at each call, so a switch applies at once). */
export function localeDateFormat(options: Intl.DateTimeFormatOptions): { format: (date: Date | number) => string } {
  const key = JSON.stringify(options);
  return {
    format: (date) => {
      const language = currentLanguage();
      return cached(`d:${language}:${key}`, () => new Intl.DateTimeFormat(language, options)).format(date);
    },
  };
}

const dateTime = localeDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** An API timestamp as date and time ("Jan 15, 2026, 9:30 AM"), or "—" when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

const dateOnly = localeDateFormat({ dateStyle: 'medium' });

/** An API timestamp as a day ("Mar 1, 2026"). */
export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** A rate in percent: 8 -> "8%", 12.5 -> "12.5%" ("12,5 %" in German). Rates only; money never goes through here. */
export function formatPercent(value: number): string {
  const language = currentLanguage();
  // A rate has at most two decimals: Intl's rounding of value / 100 to four digits gives it back exactly.
  return cached(`pct:${language}`, () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 4 })).format(value / 100);
}

const UNITS: Array<[number, 'day' | 'hour' | 'minute' | 'second']> = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

function unit(count: number, name: (typeof UNITS)[number][1], display: 'long' | 'narrow'): string {
  const language = currentLanguage();
  return cached(`u:${language}:${name}:${display}`, () => new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: display })).format(count);
}

/** A plan term in words, at most two units: 86400 -> "1 day", 172800 -> "2 days", 5400 -> "1 hour 30 minutes". */
export function formatDuration(seconds: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(seconds));
  for (const [size, name] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      parts.push(unit(count, name, 'long'));
      rest -= count * size;
    }
    if (parts.length === 2) break;
  }
  return parts.join(' ') || unit(0, 'second', 'long');
}

/** A countdown: "1d 02:03:04" ("1 T 02:03:04" in German), "02:03:04" under a day. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = [Math.floor((total % 86_400) / 3_600), Math.floor((total % 3_600) / 60), total % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0 ? `${unit(days, 'day', 'narrow')} ${clock}` : clock;
}
