import { Fragment, type ReactNode } from 'react';

type Values = Record<string, string | number>;

/**
 * A translated sentence whose emphasised parts are marked `<strong>…</strong>` in the messages (each
 * language puts them where its word order needs them), shown with those parts in `strong`, or in
 * what `emphasis` makes of them. Pass the message as written (`t(key, { skipInterpolation: true })`)
 * with its `values`: they are put in after the markup is read, so an email address or a name is
 * always text, never markup. react-i18next's Trans does the same but adds its parser to every
 * page's first load.
 */
export function Emphasis({ text, values = {}, className, emphasis }: { text: string; values?: Values; className?: string; emphasis?: (content: string) => ReactNode }) {
  const fill = (part: string) => part.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  return text.split(/<\/?strong>/).map((part, index) => {
    if (index % 2 === 0) return fill(part);
    return emphasis ? (
      <Fragment key={index}>{emphasis(fill(part))}</Fragment>
    ) : (
      <strong key={index} className={className}>
        {fill(part)}
      </strong>
    );
  });
}
