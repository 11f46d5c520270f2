import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LoadMore } from '../../../components/ui/load-more';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePendingDepositsInfiniteQuery } from '../api/money-api';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../components/amount';
import { ChainEvidenceNote } from '../components/chain-evidence';

export function AdminDepositsPage() {
  useDocumentTitle('Pending deposits', 'Deposits waiting for confirmation.');
  const queue = usePendingDepositsInfiniteQuery(undefined, { pollingInterval: 30_000 });
  const { isLoading, isError, refetch, isFetching } = queue;
  const data = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div>
      <PageHeader
        title="Pending deposits"
        description="Oldest first. Each shows what the chain says of it; confirm (credits the balance) or reject."
        actions={
          <Button variant="outline" size="sm" onClick={() => void refetch()} loading={isFetching && !isLoading}>
            Refresh
          </Button>
        }
      />
      {isLoading ? (
        <Spinner label="Loading pending deposits" />
      ) : isError ? (
        <Alert tone="danger" title="Failed to fetch pending deposits." />
      ) : data.length === 0 ? (
        <EmptyState title="No deposits are waiting">New deposit reports appear here.</EmptyState>
      ) : (
        <>
          <ul className="space-y-3">
            {data.map((payment) => (
              <li key={payment._id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
                      {payment.source === 'chain' && payment.amount === '0.00' ? <span>To price</span> : <Money value={payment.amount} />}
                      {payment.asset && <span className="text-sm font-normal text-slate-500">via {payment.asset}</span>}
                      <Badge tone={payment.source === 'chain' ? 'info' : 'neutral'}>{payment.source === 'chain' ? 'Detected on chain' : 'Reported by user'}</Badge>
                    </p>
                    <p className="truncate text-sm text-slate-600 dark:text-slate-300" title={`${payment.user.name} · ${payment.user.email}`}>
                      {payment.user.name} · {payment.user.email}
                    </p>
                    <p className="text-xs text-slate-500">
                      {payment.transactionId} · {payment.source === 'chain' ? 'seen' : 'reported'} {formatDateTime(payment.createdAt)}
                    </p>
                    {(payment.chain || payment.txHash) && (
                      <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                        <ChainEvidenceNote evidence={payment.chain} />
                      </p>
                    )}
                  </div>
                  <Link
                    to={`/transaction/${encodeURIComponent(payment.transactionId)}`}
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
