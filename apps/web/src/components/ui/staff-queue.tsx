import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from './alert';
import { Button, buttonClasses } from './button';
import { Card, PageHeader } from './card';
import { LoadMore } from './load-more';
import { EmptyState, Spinner } from './spinner';
import { useDocumentTitle } from '../../lib/use-document-title';

/** What a staff queue needs of its RTK Query infinite query. */
export interface QueueQuery {
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A back-office queue (pending deposits, withdrawals, investments, KYC): its title, header with
 * Refresh, the loading, failed and empty states, the items oldest first, and the next page.
 * Its texts are the `staff` messages under `messages` (title, docDescription, description,
 * loading, failed, empty, emptyDetail, and failedDetail where it has one).
 * With `detail`, the list is a navigation beside the item under review (the KYC queue).
 */
export function StaffQueue<Item extends { _id: string }>({
  messages,
  query,
  items,
  renderItem,
  listLabel,
  notice,
  detail,
}: {
  messages: string;
  query: QueueQuery;
  items: Item[];
  renderItem: (item: Item) => ReactNode;
  listLabel?: string;
  /** Above the list: a count, an overdue warning. */
  notice?: ReactNode;
  detail?: ReactNode;
}) {
  const { t, i18n } = useTranslation('staff');
  const text = (key: string) => t(`${messages}.${key}`);
  useDocumentTitle(text('title'), text('docDescription'));
  const list = (
    <>
      {notice}
      <ol className={detail ? 'flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0' : 'space-y-3'} aria-label={detail ? undefined : listLabel}>
        {items.map((item) => (
          <li key={item._id} className={detail ? 'min-w-56 lg:min-w-0' : undefined}>
            {renderItem(item)}
          </li>
        ))}
      </ol>
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
    </>
  );
  return (
    <div>
      <PageHeader
        title={text('title')}
        description={text('description')}
        actions={
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} loading={query.isFetching && !query.isLoading}>
            {t('staffQueue.refresh')}
          </Button>
        }
      />
      {query.isLoading ? (
        <Spinner label={text('loading')} />
      ) : query.isError ? (
        <Alert tone="danger" title={text('failed')}>
          {i18n.exists(`staff:${messages}.failedDetail`) && text('failedDetail')}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState title={text('empty')}>{text('emptyDetail')}</EmptyState>
      ) : detail ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <nav aria-label={listLabel} className="min-w-0">
            {list}
          </nav>
          {detail}
        </div>
      ) : (
        list
      )}
    </div>
  );
}

/**
 * One row of a staff queue: what it is (`headline`), whose it is, a few facts, and what can be
 * done with it (a Review link or the decision buttons).
 */
export function QueueItem({ headline, person, facts, actions }: { headline: ReactNode; person?: { name: string; email: string } | null; facts: ReactNode[]; actions: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">{headline}</p>
        {person && (
          <p className="truncate text-sm text-slate-600 dark:text-slate-300" title={`${person.name} · ${person.email}`}>
            {person.name} · {person.email}
          </p>
        )}
        {facts.map((fact, index) => (
          <p key={index} className="text-xs text-slate-500 dark:text-slate-400">
            {fact}
          </p>
        ))}
      </div>
      <div className="flex shrink-0 gap-2">{actions}</div>
    </Card>
  );
}

/** The link from a queue row to its review page. */
export function ReviewLink({ to, label }: { to: string; label?: string }) {
  const { t } = useTranslation('staff');
  return (
    <Link to={to} className={buttonClasses('primary', 'sm')}>
      {label ?? t('staffQueue.review')}
    </Link>
  );
}
