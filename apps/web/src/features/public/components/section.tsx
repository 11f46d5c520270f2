import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** A page section with the shared heading style: eyebrow, title, subtitle. */
export function Section({
  id,
  eyebrow,
  title,
  subtitle,
  children,
  className,
  headingLevel = 2,
  tone = 'plain',
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 1 | 2;
  tone?: 'plain' | 'muted';
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'py-16 sm:py-24',
        tone === 'muted' && 'border-y border-slate-200/70 bg-white dark:border-slate-800/70 dark:bg-slate-900/40',
        className,
      )}
    >
      <div className="container-page">
        <div className="max-w-2xl">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <Heading id={headingId} className="mt-2 text-title font-semibold text-slate-900 dark:text-white">
            {title}
          </Heading>
          {subtitle && <p className="mt-4 text-lg leading-relaxed text-slate-600 dark:text-slate-300">{subtitle}</p>}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}

/** Initials avatar: shipped content never uses photos of people. */
export function InitialsAvatar({ name, size = 'md', className }: { name: string; size?: 'md' | 'lg'; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900 ring-1 ring-brand-200 dark:bg-brand-900 dark:text-brand-100 dark:ring-brand-800',
        size === 'lg' ? 'size-16 text-xl' : 'size-10 text-sm',
        className,
      )}
    >
      {initials}
    </span>
  );
}

/** Marks operator content that still holds the shipped samples. */
export function SampleNote({ children }: { children: ReactNode }) {
  const { t } = useTranslation('public');
  return (
    <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
      <span className="rounded-full bg-slate-700 px-1.5 py-px text-[0.625rem] font-bold uppercase tracking-wider text-white dark:bg-slate-300 dark:text-slate-900">
        {t('section.sample')}
      </span>
      {children}
    </p>
  );
}
