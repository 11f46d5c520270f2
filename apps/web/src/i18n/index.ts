import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, matchLanguage, type Language } from '@app/shared';

/**
 * The messages are split by where they are shown, one JSON chunk per language and namespace:
 * `common` (layouts, shared words) comes with the app; `account` (statuses and words every signed-in page shares); `public` (the first screen of `/`),
 * `publicText` (the long texts of the public site: below the fold of `/`, the other public pages,
 * the policies), `auth`, `app` (the signed-in pages) and `staff` (the back office) with the
 * routes that use them (withNamespaces); `messages`
 * (the API's and the shared schemas' messages) right after the first screen. A visit downloads
 * only the language it shows, and only the parts it opens.
 */
export const NAMESPACES = ['common', 'account', 'public', 'publicText', 'auth', 'app', 'staff', 'messages'] as const;
export type Namespace = (typeof NAMESPACES)[number];
type Bundle = Record<string, unknown>;

const bundles = import.meta.glob<Bundle>('./locales/*/*.json', { import: 'default' });

function loadBundle(language: string, namespace: string): Promise<Bundle> {
  const load = bundles[`./locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No messages for ${language}/${namespace}`));
}

/** i18next's way in to the chunks: it asks for a language and a namespace when a page needs them. */
const chunkBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, done: (error: unknown, bundle?: Bundle) => void) {
    loadBundle(language, namespace).then((bundle) => done(null, bundle), (error: unknown) => done(error));
  },
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

/**
 * The pick is also kept in a cookie for the server, which writes the links of the page's messages
 * into index.html for the language the app will show (apps/server/src/plugins/page-html.ts).
 */
function keepForServer(language: Language) {
  document.cookie = `language=${language};path=/;max-age=31536000;samesite=lax`;
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

/** Settles once i18next has started (startI18n or initI18n); routes may ask for namespaces before. */
let started: () => void;
const ready = new Promise<void>((resolve) => {
  started = resolve;
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

const OPTIONS = {
  supportedLngs: [...LANGUAGES],
  // Every key exists in every language (translations test): no fallback bundle to download.
  fallbackLng: false as const,
  ns: ['common'],
  defaultNS: 'common',
  // A namespace's own keys first, then the shared words of `common`.
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
};

/** Starts i18next in the detected language once its `common` messages have arrived. */
export async function startI18n(language: Language = detectLanguage()): Promise<void> {
  // A pick stored before the cookie existed reaches the server from the next visit on.
  if (language === storedLanguage()) keepForServer(language);
  const initialized = i18n.use(chunkBackend).use(initReactI18next).init({ ...OPTIONS, lng: language });
  started();
  await initialized;
  document.documentElement.lang = language;
}

/** Starts i18next with every namespace at hand (the unit tests start it in English). */
export function initI18n(language: Language, resources: Record<Namespace, Bundle>): void {
  void i18n
    .use(chunkBackend)
    .use(initReactI18next)
    .init({ ...OPTIONS, lng: language, ns: [...NAMESPACES], resources: { [language]: resources }, partialBundledLanguages: true, initAsync: false });
  started();
  document.documentElement.lang = language;
}

/** Loads namespaces in the current language (pages load theirs with their chunk: withNamespaces). */
export function loadNamespaces(namespaces: Namespace[]): Promise<void> {
  return ready.then(() => i18n.loadNamespaces(namespaces));
}

/** Routes whose pages speak from `namespaces`: their messages load with the page's chunk, not after it. */
export function withNamespaces(namespaces: Namespace[], routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') return route;
    return { ...route, lazy: () => Promise.all([lazy(), loadNamespaces(namespaces)]).then(([page]) => page) } as RouteObject;
  });
}

/** Shows the app in `language` and remembers it in this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage may be off (private mode): the pick then lasts for this visit.
  }
  keepForServer(language);
  if (i18n.language === language) return;
  // changeLanguage loads every namespace used so far in the new language before it switches.
  await i18n.changeLanguage(language);
}

/** The language the app shows now. */
export function currentLanguage(): Language {
  const language = i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
