import { currentLanguage } from '../i18n';
import { cached, formatLocaleNumber } from '../i18n/number-format';

/**
 * English figures without Intl.NumberFormat: the first one a page creates costs tens of
 * milliseconds (the browser loads its locale data), a long task on the public pages, which
 * only need digit grouping. 1234567 -> "1,234,567"; formatNumber(12.345, 2) -> "12.35".
 * Other languages go through Intl (their grouping and decimal marks).
 */
export function formatNumber(value: number, maxFractionDigits = 0): string {
  if (currentLanguage() !== 'en') return formatLocaleNumber(value, maxFractionDigits);
  const factor = 10 ** maxFractionDigits;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  const [whole = '0', fraction] = String(rounded).split('.');
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Whole US dollars for the landing page's illustrations ("$220.00", "220,00 US$"), without the
 * money module the first load of `/` would otherwise carry; real amounts go through i18n/format.
 */
export function formatWholeUsd(dollars: number): string {
  const language = currentLanguage();
  if (language !== 'en') return cached(`usd:${language}`, () => new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' })).format(dollars);
  return `$${formatNumber(dollars)}.00`;
}
