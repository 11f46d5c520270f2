import { DEFAULT_LANGUAGE, formatCents, formatUsd, type Language } from '@app/shared';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ptBR from './pt-BR.json';
import type { OutgoingEmail } from '../outbox';
import type { EmailContent } from '../render';

/**
 * The emails' wording in each language (issue 21): one JSON file per language, the same keys as
 * en.json, placeholders written `{{name}}`. The services compose each email from these texts.
 */
export type EmailCatalog = typeof en;

/** Every text's dotted path in the catalog, e.g. 'depositConfirmed.subject'. */
type TextPath<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : TextPath<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type EmailTextKey = TextPath<EmailCatalog>;

export type EmailVars = Readonly<Record<string, string | number>>;

export const EMAIL_CATALOGS: Readonly<Record<Language, EmailCatalog>> = { en, es, 'pt-BR': ptBR, fr, de };

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The placeholders a text names, in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

function lookup(catalog: EmailCatalog, key: EmailTextKey): string {
  let node: unknown = catalog;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`No email text ${key}`);
  return node;
}

/** Fills a text's placeholders; a placeholder without a value is a mistake in the caller, not a blank. */
export function fillText(text: string, vars: EmailVars = {}): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`Email text "${text}" needs {{${name}}}`);
    return String(value);
  });
}

export interface EmailTexts {
  language: Language;
  /** The text at `key` in the reader's language, its placeholders filled. */
  t(key: EmailTextKey, vars?: EmailVars): string;
  /** Integer cents as US dollars in the reader's language ("$1,234.50", "1.234,50 $"); exact, no float. */
  usd(cents: number): string;
  /** A date and time in the reader's language (UTC: the server does not know the reader's zone). */
  date(date: Date): string;
}

const usdFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<Language, Intl.DateTimeFormat>();
const DATE_FIELDS = { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' } as const;

/** A user's email texts in the language stored on the account; English when unknown. */
export function emailTexts(language: Language | undefined): EmailTexts {
  const chosen = language && language in EMAIL_CATALOGS ? language : DEFAULT_LANGUAGE;
  const catalog = EMAIL_CATALOGS[chosen];
  return {
    language: chosen,
    t: (key, vars) => fillText(lookup(catalog, key), vars),
    usd(cents) {
      if (chosen === DEFAULT_LANGUAGE) return formatUsd(cents);
      let format = usdFormats.get(chosen);
      if (!format) {
        format = new Intl.NumberFormat(chosen, { style: 'currency', currency: 'USD' });
        usdFormats.set(chosen, format);
      }
      // The decimal string keeps the amount exact.
      return format.format(formatCents(cents) as Intl.StringNumericLiteral);
    },
    date(date) {
      if (chosen === DEFAULT_LANGUAGE) return date.toUTCString();
      let format = dateFormats.get(chosen);
      if (!format) {
        // Named fields: Intl refuses timeZoneName together with dateStyle.
        format = new Intl.DateTimeFormat(chosen, { ...DATE_FIELDS, timeZone: 'UTC', timeZoneName: 'short' });
        dateFormats.set(chosen, format);
      }
      return format.format(date);
    },
  };
}

/** An email to a user, written in the language stored on the account (issue 21). */
export function localizedEmail(
  to: { email: string; language?: Language | undefined },
  kind: string,
  compose: (texts: EmailTexts) => EmailContent,
): OutgoingEmail {
  const texts = emailTexts(to.language);
  return { to: to.email, kind, language: texts.language, content: compose(texts) };
}
