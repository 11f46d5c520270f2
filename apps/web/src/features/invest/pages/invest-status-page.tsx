import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { InvestmentView } from '@app/shared';
import { Alert } from '../../../components/ui/alert';
import { StatusBadge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { EmptyState, Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInvestmentHistoryQuery } from '../api/invest-api';
import { formatDateTime, formatPercent } from '../components/format';
import { InvestmentProgress } from '../components/investment-progress';
import { useNow } from '../components/use-now';

function profitLabel(item: InvestmentView): string {
  if (item.status === 'Ended') return 'Profit paid';
  if (item.status === 'Rejected') return 'Profit';
  return 'Expected profit';
}

export function InvestStatusPage() {
  useDocumentTitle('My investments', 'Your investments with status, plan, amount, dates and profit.');
  const { data = [], isLoading, isError } = useInvestmentHistoryQuery();
  const now = useNow();

  return (
    <div>
      <PageHeader
        title="My investments"
        description="Every investment you have requested, newest first."
        actions={
          <Link to="/start-invest" className={buttonClasses('primary')}>
            New investment
          </Link>
        }
      />
      {isLoading ? (
        <Spinner label="Loading your investments" />
      ) : isError ? (
        <Alert tone="danger" title="Failed to fetch data.">
          Please refresh the page to try again.
        </Alert>
      ) : data.length === 0 ? (
        <EmptyState title="No investments yet">
          <Link to="/start-invest" className="font-medium text-brand-700 underline dark:text-brand-300">
            Choose a plan
          </Link>{' '}
          to make your first investment.
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Investments">
          {data.map((item) => (
            <li key={item._id}>
              <Card className="p-4 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="text-base font-semibold text-slate-900 dark:text-white">{item.plan}</span>
                      <StatusBadge status={item.status} />
                      {item.kind === 'upgrade' && <span className="text-xs font-medium text-slate-500">Upgrade</span>}
                    </p>
                    <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                      {item.investmentId} · {formatPercent(item.roiPercent)} per term
                    </p>
                  </div>
                  <Link
                    to={`/investment/${item._id}`}
                    className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
                    aria-label={`View ${item.plan} investment ${item.investmentId}`}
                  >
                    Details <ChevronRight className="size-4" aria-hidden />
                  </Link>
                </div>
                <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">Amount</dt>
                    <dd className="font-semibold">
                      <Money value={item.amount} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{profitLabel(item)}</dt>
                    <dd className="font-semibold text-emerald-700 dark:text-emerald-300">
                      <Money value={item.maturityAmount} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">Start</dt>
                    <dd>{item.startDate ? formatDateTime(item.startDate) : `Requested ${formatDateTime(item.createdAt)}`}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{item.status === 'Ended' ? 'Ended' : 'Maturity'}</dt>
                    <dd>{formatDateTime(item.endedAt ?? item.endDate)}</dd>
                  </div>
                </dl>
                {item.status === 'Active' && (
                  <div className="mt-4">
                    <InvestmentProgress investment={item} now={now} compact />
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
