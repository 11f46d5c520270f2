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
