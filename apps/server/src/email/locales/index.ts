import { DEFAULT_LANGUAGE, type Language } from '@app/shared';
import type { AuthEmailTexts } from './types';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { ptBR } from './pt-BR';

const TEXTS: Record<Language, AuthEmailTexts> = { en, es, 'pt-BR': ptBR, fr, de };

/** A user's emails in the language stored on the account (issue 21); English when unknown. */
export function authEmailTexts(language: Language | undefined): AuthEmailTexts {
  return TEXTS[language ?? DEFAULT_LANGUAGE] ?? TEXTS[DEFAULT_LANGUAGE];
}

/** A date in an email, in the reader's language (UTC, as before: the server does not know the reader's zone). */
export function emailDate(date: Date, language: Language | undefined): string {
  if (!language || language === DEFAULT_LANGUAGE) return date.toUTCString();
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', timeZoneName: 'short' }).format(date);
}

export type { AuthEmailTexts };
