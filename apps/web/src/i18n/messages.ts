import { useTranslation } from 'react-i18next';
import { i18n } from './index';

/**
 * The shared schemas (and the API) speak the spec's English. Each locale's `messages` table is
 * keyed by that English message, so a message is translated where it is shown; one without an
 * entry (a server message we have not listed) stays in English.
 */
export function translateMessage(message: string): string {
  const table = i18n.getResourceBundle(i18n.language, 'messages') as Record<string, string> | undefined;
  return table?.[message] ?? message;
}

/**
 * translateMessage for components: re-renders when the language changes or the table arrives
 * (main.tsx loads it after the first screen; until then a message shows in English, never a wait).
 */
export function useTranslateMessage(): (message: string) => string {
  useTranslation('messages', { useSuspense: false });
  return translateMessage;
}
