import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePendingDepositsQuery } from '../api/money-api';
import { formatDateTime } from '../components/amount';

export function AdminDepositsPage() {
  useDocumentTitle('Pending deposits', 'Deposits waiting for confirmation.');
  const { data = [], isLoading, isError, refetch, isFetching } = usePendingDepositsQuery(undefined, { pollingInterval: 30_000 });
  return (
    <div>
      <PageHeader
        title="Pending deposits"
        description="Oldest first. Check the payment arrived, then confirm (credits the balance) or reject."
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
        <ul className="space-y-3">
          {data.map((payment) => (
            <li key={payment._id}>
              <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 dark:text-white">
                    <Money value={payment.amount} /> {payment.asset && <span className="text-sm font-normal text-slate-500">via {payment.asset}</span>}
                  </p>
                  <p className="truncate text-sm text-slate-600 dark:text-slate-300">
                    {payment.user.name} · {payment.user.email}
                  </p>
                  <p className="text-xs text-slate-500">
                    {payment.transactionId} · reported {formatDateTime(payment.createdAt)}
                  </p>
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
      )}
    </div>
  );
}
