import { currentLanguage } from './index';

/** Intl formatters by language and options, made once (the first one costs the browser its locale data). */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

export function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** A plain number in the app's language. */
export function formatLocaleNumber(value: number, maxFractionDigits = 0): string {
  const language = currentLanguage();
  return cached(`n:${language}:${maxFractionDigits}`, () => new Intl.NumberFormat(language, { maximumFractionDigits: maxFractionDigits })).format(value);
}
