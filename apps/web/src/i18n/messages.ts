import { useTranslation } from 'react-i18next';
import { i18n } from './index';

type Table = Record<string, string>;
interface Pattern {
  key: string;
  match: RegExp;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** A key with placeholders as a regular expression: each `{{name}}` captures what stands in its place. */
function patternOf(key: string): RegExp {
  const seen = new Set<string>();
  const source = key
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (seen.has(name)) return `\\k<${name}>`;
      seen.add(name);
      return `(?<${name}>.+?)`;
    })
    .join('');
  return new RegExp(`^${source}$`);
}

const patternsByTable = new WeakMap<Table, Pattern[]>();

/** The table's keys with placeholders, the most specific (most fixed text) first. */
function patternsOf(table: Table): Pattern[] {
  let patterns = patternsByTable.get(table);
  if (!patterns) {
    const fixedLength = (key: string) => key.replace(PLACEHOLDER, '').length;
    patterns = Object.keys(table)
      .filter((key) => key.includes('{{'))
      .sort((a, b) => fixedLength(b) - fixedLength(a))
      .map((key) => ({ key, match: patternOf(key) }));
    patternsByTable.set(table, patterns);
  }
  return patterns;
}

/**
 * The shared schemas (and the API) speak the spec's English. Each locale's `messages` table is
 * keyed by that English message, so a message is translated where it is shown; one without an
 * entry (a server message we have not listed) stays in English. A key with `{{placeholders}}`
 * stands for the messages that carry a value (a name, an amount, an id): the value is kept as
 * sent and put in the translation's placeholder.
 */
export function translateMessage(message: string): string {
  return translateFrom(i18n.getResourceBundle(i18n.language, 'messages') as Table | undefined, message);
}

/** `message` by a table keyed by English texts (exact, else the most specific `{{placeholder}}` key that matches), or as it is. */
export function translateFrom(table: Table | undefined, message: string): string {
  if (!table) return message;
  const exact = table[message];
  if (exact !== undefined) return exact;
  for (const { key, match } of patternsOf(table)) {
    const values = match.exec(message)?.groups;
    if (values) return table[key]!.replace(PLACEHOLDER, (_whole, name: string) => values[name] ?? '');
  }
  return message;
}

/**
 * translateMessage for components: re-renders when the language changes or the table arrives
 * (main.tsx loads it after the first screen; until then a message shows in English, never a wait).
 */
export function useTranslateMessage(): (message: string) => string {
  useTranslation('messages', { useSuspense: false });
  return translateMessage;
}
