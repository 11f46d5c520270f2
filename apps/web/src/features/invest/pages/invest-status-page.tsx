import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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
import { formatDateTime, formatPercent } from '../../../i18n/format';
import { InvestmentProgress } from '../components/investment-progress';
import { useNow } from '../components/use-now';

function profitLabel(item: InvestmentView, t: TFunction<'app'>): string {
  if (item.status === 'Ended') return t('investStatusPage.profitPaid');
  if (item.status === 'Rejected') return t('investStatusPage.profit');
  return t('investStatusPage.expectedProfit');
}

export function InvestStatusPage() {
  const { t } = useTranslation('app');
  useDocumentTitle(t('investStatusPage.title'), t('investStatusPage.metaDescription'));
  const { data = [], isLoading, isError } = useInvestmentHistoryQuery();
  const now = useNow();

  return (
    <div>
      <PageHeader
        title={t('investStatusPage.title')}
        description={t('investStatusPage.description')}
        actions={
          <Link to="/start-invest" className={buttonClasses('primary')}>
            {t('investStatusPage.new')}
          </Link>
        }
      />
      {isLoading ? (
        <Spinner label={t('investStatusPage.loading')} />
      ) : isError ? (
        <Alert tone="danger" title={t('investStatusPage.failed')}>
          {t('investStatusPage.refresh')}
        </Alert>
      ) : data.length === 0 ? (
        <EmptyState title={t('investStatusPage.empty.title')}>
          <Link to="/start-invest" className="font-medium text-brand-700 underline dark:text-brand-300">
            {t('investStatusPage.empty.link')}
          </Link>{' '}
          {t('investStatusPage.empty.rest')}
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={t('investStatusPage.list')}>
          {data.map((item) => (
            <li key={item._id}>
              <Card className="p-4 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="text-base font-semibold text-slate-900 dark:text-white">{item.plan}</span>
                      <StatusBadge status={item.status} />
                      {item.kind === 'upgrade' && <span className="text-xs font-medium text-slate-500">{t('investStatusPage.upgrade')}</span>}
                    </p>
                    <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                      {item.investmentId} · {t('investStatusPage.perTerm', { rate: formatPercent(item.roiPercent) })}
                    </p>
                  </div>
                  <Link
                    to={`/investment/${item._id}`}
                    className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
                    aria-label={t('investStatusPage.view', { plan: item.plan, id: item.investmentId })}
                  >
                    {t('investStatusPage.details')} <ChevronRight className="size-4" aria-hidden />
                  </Link>
                </div>
                <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{t('investStatusPage.amount')}</dt>
                    <dd className="font-semibold">
                      <Money value={item.amount} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{profitLabel(item, t)}</dt>
                    <dd className="font-semibold text-emerald-700 dark:text-emerald-300">
                      <Money value={item.maturityAmount} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{t('investStatusPage.start')}</dt>
                    <dd>{item.startDate ? formatDateTime(item.startDate) : t('investStatusPage.requested', { date: formatDateTime(item.createdAt) })}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500 dark:text-slate-400">{item.status === 'Ended' ? t('investStatusPage.ended') : t('investStatusPage.maturity')}</dt>
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
