import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, matchLanguage, type Language } from '@app/shared';

export type Messages = typeof import('./locales/en.json');

/**
 * Every language is a JSON chunk of its own, English included: a visit downloads only the
 * language it shows (main.tsx starts the download with React DOM, so it costs no extra round trip).
 */
const LOADERS: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
};

/** The visitor's own pick (footer or profile), remembered in this browser. */
const STORAGE_KEY = 'vaultline.language';

function storedLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The stored pick, else the first browser language we offer, else English. */
export function detectLanguage(): Language {
  const stored = storedLanguage();
  if (stored) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { default: messages } = await LOADERS[language]();
  i18n.addResourceBundle(language, 'translation', messages);
}

/** Starts i18next in the detected language once its messages have arrived. */
export async function startI18n(language: Language = detectLanguage()): Promise<void> {
  const { default: messages } = await LOADERS[language]();
  initI18n(language, messages);
}

/** Starts i18next with messages at hand (the unit tests start it in English). */
export function initI18n(language: Language, messages: Messages): void {
  void i18n.use(initReactI18next).init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    // Every key exists in every language (i18n-keys test): no fallback bundle to download.
    fallbackLng: false,
    resources: { [language]: { translation: messages } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  document.documentElement.lang = language;
}

/** Shows the app in `language` and remembers it in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be off (private mode): the pick then lasts for this visit.
  }
  if (i18n.language === language) return;
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/** The language the app shows now. */
export function currentLanguage(): Language {
  const language = i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
