import type { ReactNode } from 'react';

/**
 * A translated sentence whose emphasised part is marked `<strong>…</strong>` (so each language
 * places it where its word order needs it), rendered with that part in `strong`. react-i18next's
 * Trans does this too, but it would add its parser to every page's first load.
 */
export function Emphasis({ text, className }: { text: string; className?: string }): ReactNode {
  return text.split(/<\/?strong>/).map((part, index) =>
    index % 2 === 1 ? (
      <strong key={index} className={className}>
        {part}
      </strong>
    ) : (
      part
    ),
  );
}
