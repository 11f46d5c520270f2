import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The header of a standalone public page. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200/70 bg-white dark:border-slate-800/70 dark:bg-slate-900/40">
      <div className="container-page py-14 sm:py-20">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-title font-semibold text-slate-900 dark:text-white">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">{children}</div>}
      </div>
    </div>
  );
}

/**
 * A standalone public page told by its `publicText` messages under `messages`: the tab's title
 * and description, the header (eyebrow, title, the intro paragraph) and the body below it.
 */
export function ContentPage({
  messages,
  tabTitle = 'title',
  intro,
  className,
  children,
}: {
  messages: string;
  /** The message that names the page in the browser tab. */
  tabTitle?: 'title' | 'eyebrow' | 'docTitle';
  intro: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('publicText');
  useDocumentTitle(t(`${messages}.${tabTitle}`), t(`${messages}.docDescription`));
  return (
    <>
      <PageIntro eyebrow={t(`${messages}.eyebrow`)} title={t(`${messages}.title`)}>
        <p>{intro}</p>
      </PageIntro>
      <div className={cn('container-page py-14 sm:py-20', className)}>{children}</div>
    </>
  );
}
