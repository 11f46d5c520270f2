/** The languages of the web app and the emails (issue 21); English is the spec's text. */
export const LANGUAGES = ['en', 'es', 'pt-BR', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the pickers show it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The offered language that best matches a browser tag ("pt" and "pt-PT" -> "pt-BR", "es-MX" -> "es"), if any. */
export function matchLanguage(tag: string): Language | undefined {
  if (isLanguage(tag)) return tag;
  const base = tag.toLowerCase().split('-')[0];
  return LANGUAGES.find((language) => language.toLowerCase().split('-')[0] === base);
}
