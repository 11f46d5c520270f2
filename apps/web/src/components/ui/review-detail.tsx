import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from './alert';
import { Card, PageHeader } from './card';
import { Spinner } from './spinner';
import { cn } from '../../lib/cn';

/** One fact of a case under review; `wide` takes the whole row, `mono` for hashes and addresses. */
export interface DetailItem {
  label: ReactNode;
  value: ReactNode;
  wide?: boolean;
  mono?: boolean;
  /** The full text, shown on hover where the value is cut short. */
  title?: string;
}

const COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-2 xl:grid-cols-4' } as const;
const WIDE = { 2: 'sm:col-span-2', 3: 'sm:col-span-3', 4: 'sm:col-span-2 xl:col-span-4' } as const;

/** The facts of a case under review, as a description list in a grid. */
export function DetailList({ items, columns = 2 }: { items: Array<DetailItem | false | null | undefined>; columns?: keyof typeof COLUMNS }) {
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 gap-y-3 text-sm', COLUMNS[columns])}>
      {items.filter(Boolean).map((item, index) => {
        const { label, value, wide, mono, title } = item as DetailItem;
        return (
          <div key={index} className={cn('min-w-0', wide && WIDE[columns])}>
            <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className={cn('mt-0.5 text-slate-900 dark:text-slate-100', mono ? 'break-all font-mono text-xs' : 'font-medium', title && 'truncate')} title={title}>
              {value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * A staff review of one case (a deposit, a withdrawal, an identity check): what is at stake
 * (`eyebrow` over `headline`, with its badges), its facts, then the page's own parts
 * (notices, fields, the decision) as children.
 */
export function ReviewDetail({
  eyebrow,
  headline,
  headingId,
  badges,
  actions,
  items,
  columns,
  children,
}: {
  eyebrow?: ReactNode;
  headline: ReactNode;
  /** Set when the headline names the region around it. */
  headingId?: string;
  badges?: ReactNode;
  /** Beside the headline (the KYC decision buttons). */
  actions?: ReactNode;
  items: Array<DetailItem | false | null | undefined>;
  columns?: keyof typeof COLUMNS;
  children?: ReactNode;
}) {
  return (
    <Card className="space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {eyebrow && <p className="text-sm text-slate-500 dark:text-slate-400">{eyebrow}</p>}
          <h2 id={headingId} className="break-words text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            {headline}
          </h2>
          {badges && <p className="mt-2 flex flex-wrap items-center gap-2">{badges}</p>}
        </div>
        {actions && <div className="flex gap-2">{actions}</div>}
      </div>
      <DetailList items={items} columns={columns} />
      {children}
    </Card>
  );
}

/** A staff review page: title, the way back to its queue, and the case once it has loaded. */
export function ReviewPage({
  title,
  back,
  loading,
  failure,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  /** The spinner's label while the case loads, or null once it has. */
  loading: string | null;
  /** Why the case cannot be shown, or null. */
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={
          <Link className="text-brand-700 underline dark:text-brand-300" to={back.to}>
            {back.label}
          </Link>
        }
      />
      {failure ? <Alert tone="danger" title={failure} /> : loading ? <Spinner label={loading} /> : children}
    </div>
  );
}
