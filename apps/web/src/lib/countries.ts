import { currentLanguage } from '../i18n';

/**
 * A country as people read it: accounts made through the API may hold an ISO code ("US")
 * where the forms store the name; codes are shown as the name ("United States"), in the app's language.
 */
export function countryName(value: string): string {
  if (!/^[A-Z]{2}$/.test(value)) return value;
  try {
    return new Intl.DisplayNames([currentLanguage()], { type: 'region' }).of(value) ?? value;
  } catch {
    return value;
  }
}
