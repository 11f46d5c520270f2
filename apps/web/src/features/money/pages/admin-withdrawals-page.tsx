import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { LoadMore } from '../../../components/ui/load-more';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePendingWithdrawalsInfiniteQuery } from '../api/money-api';
import { formatAge, formatDateTime } from '../components/amount';

export function AdminWithdrawalsPage() {
  useDocumentTitle('Pending withdrawals', 'Withdrawal requests waiting for a decision.');
  const queue = usePendingWithdrawalsInfiniteQuery(undefined, { pollingInterval: 30_000 });
  const { isLoading, isError, refetch, isFetching } = queue;
  const data = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const overdue = data.filter((item) => item.overdue).length;
  return (
    <div>
      <PageHeader
        title="Pending withdrawals"
        description="Oldest first. We promise processing within 1-2 business days; older requests are flagged."
        actions={
          <Button variant="outline" size="sm" onClick={() => void refetch()} loading={isFetching && !isLoading}>
            Refresh
          </Button>
        }
      />
      {isLoading ? (
        <Spinner label="Loading pending withdrawals" />
      ) : isError ? (
        <Alert tone="danger" title="Failed to fetch pending withdrawals." />
      ) : data.length === 0 ? (
        <EmptyState title="No withdrawals are waiting">New requests appear here.</EmptyState>
      ) : (
        <>
          {overdue > 0 && (
            <Alert tone="warning" className="mb-4" title={`${overdue} ${overdue === 1 ? 'request is' : 'requests are'} older than two business days`} />
          )}
          <ul className="space-y-3">
            {data.map((item) => (
              <li key={item._id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
                      <Money value={item.amount} />
                      <span className="text-sm font-normal text-slate-500">{item.asset}</span>
                      {item.overdue ? (
                        <Badge tone="danger">
                          <AlertTriangle className="mr-1 size-3" aria-hidden /> Overdue · {formatAge(item.ageHours)}
                        </Badge>
                      ) : (
                        <Badge tone="neutral">Waiting {formatAge(item.ageHours)}</Badge>
                      )}
                    </p>
                    <p className="truncate text-sm text-slate-600 dark:text-slate-300" title={`${item.user.name} · ${item.user.email}`}>
                      {item.user.name} · {item.user.email}
                    </p>
                    <p className="truncate font-mono text-xs text-slate-500" title={item.walletAddress}>
                      {item.walletAddress}
                    </p>
                    <p className="text-xs text-slate-500">Requested {formatDateTime(item.requestDate)}</p>
                  </div>
                  <Link
                    to={`/withdrawal/${encodeURIComponent(item._id)}`}
                    className="inline-flex h-9 items-center justify-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                  >
                    Review
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore hasMore={queue.hasNextPage} loading={queue.isFetchingNextPage} onLoad={() => void queue.fetchNextPage()} />
        </>
      )}
    </div>
  );
}
