import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowDownToLine, ArrowUpFromLine, Clock, History, LineChart, Users } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { StatusBadge } from '../../../components/ui/badge';
import { Card, PageHeader, StatCard } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { apiFetch } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboardQuery } from '../api/money-api';
import { BalanceChart } from '../components/balance-chart';

/** The shortcuts, each with its key under dashboardPage.shortcuts. */
const SHORTCUTS = [
  { to: '/deposit-payment', key: 'deposit', icon: ArrowDownToLine },
  { to: '/start-invest', key: 'invest', icon: LineChart },
  { to: '/withdraw-wallet', key: 'withdraw', icon: ArrowUpFromLine },
  { to: '/transaction-History', key: 'history', icon: History },
  { to: '/referrals', key: 'referrals', icon: Users },
] as const;

/**
 * /my-account. The app shell passes what other features show here: the email and KYC
 * banners, the active investments with their progress, and for staff the staff home
 * (what waits for them), shown first with their personal figures below it.
 */
export function DashboardPage({ banners, widgets, staffHome }: { banners?: ReactNode; widgets?: ReactNode; staffHome?: ReactNode }) {
  const { t } = useTranslation('app');
  useDocumentTitle(t('dashboardPage.title'), t('dashboardPage.metaDescription'));
  const user = useCurrentUser();
  const { data, isLoading, isError, refetch } = useDashboardQuery();

  // SPEC §7: the dashboard asks the server to mature what is due, then shows fresh figures.
  useEffect(() => {
    let live = true;
    apiFetch('/api/invest/deposit-maturity')
      .then(() => live && void refetch())
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [refetch]);

  return (
    <div className="space-y-6">
      <PageHeader
        title={user ? t('dashboardPage.welcomeName', { name: user.name.split(' ')[0] }) : t('dashboardPage.welcome')}
        description={staffHome ? t('dashboardPage.staffDescription') : t('dashboardPage.description')}
      />
      {staffHome}
      {staffHome && (
        <h2 className="border-t border-slate-200 pt-6 text-xl font-bold text-slate-900 dark:border-slate-800 dark:text-white">{t('dashboardPage.yourAccount')}</h2>
      )}
      {isLoading ? (
        <Spinner label={t('dashboardPage.loading')} />
      ) : isError || !data ? (
        <Alert tone="danger" title={t('dashboardPage.failed')}>
          {t('dashboardPage.refresh')}
        </Alert>
      ) : (
        <>
          {banners && <div className="space-y-3">{banners}</div>}
          {/* Four or five cards: as many columns as cards on wide screens; two on narrow ones, the fifth then across both. */}
          <section
            aria-label={t('dashboardPage.balances')}
            data-testid="dashboard-figures"
            className={cn('grid grid-cols-2 gap-3 sm:gap-4', data.hasFees ? 'lg:grid-cols-5 [&>:last-child]:col-span-2 lg:[&>:last-child]:col-span-1' : 'lg:grid-cols-4')}
          >
            <StatCard label={t('dashboardPage.balance')} value={<Money value={data.balance} />} hint={t('dashboardPage.balanceHint')} />
            <StatCard label={t('dashboardPage.available')} value={<Money value={data.availableBalance} />} hint={t('dashboardPage.availableHint')} />
            <StatCard label={t('dashboardPage.invested')} value={<Money value={data.investmentBalance} />} hint={t('dashboardPage.investedHint')} />
            <StatCard label={t('dashboardPage.profit')} value={<Money value={data.totalMaturityAmount} />} hint={t('dashboardPage.profitHint')} />
            {data.hasFees && <StatCard label={t('dashboardPage.fees')} value={<Money value={data.fees} />} hint={t('dashboardPage.feesHint')} />}
          </section>
          {data.pendingDeposits.count > 0 && <PendingDeposits count={data.pendingDeposits.count} amount={data.pendingDeposits.amount} />}
          {/* Five shortcuts: one row on wide screens; on narrow ones three then two, each row full (six columns, 2+2+2 then 3+3). */}
          <nav
            aria-label={t('dashboardPage.shortcutsLabel')}
            className="grid grid-cols-6 gap-2 sm:grid-cols-5 [&>*]:col-span-2 [&>:nth-last-child(-n+2)]:col-span-3 sm:[&>*]:col-span-1 sm:[&>:nth-last-child(-n+2)]:col-span-1"
          >
            {SHORTCUTS.map(({ to, key, icon: Icon }) => (
              <Link
                key={to}
                to={to}
                className="flex flex-col items-center gap-1.5 rounded-xl border border-slate-200 bg-white px-2 py-3 text-sm font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
              >
                <Icon className="size-5" aria-hidden />
                {t(`dashboardPage.shortcuts.${key}`)}
              </Link>
            ))}
          </nav>
          <Card>
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('dashboardPage.chartTitle')}</h2>
            <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">{t('dashboardPage.chartSubtitle')}</p>
            <BalanceChart balances={data.series} />
          </Card>
          {widgets}
        </>
      )}
    </div>
  );
}

/** The deposits the user reported that staff have not confirmed: shown as pending, apart from the balance they are not in yet. */
function PendingDeposits({ count, amount }: { count: number; amount: string }) {
  const { t } = useTranslation('app');
  return (
    <section
      aria-label={t('dashboardPage.pendingDeposits')}
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-amber-900 dark:bg-amber-950/40"
    >
      <div className="flex items-start gap-3">
        <Clock className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
        <div>
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900 dark:text-white">
            {t('dashboardPage.pendingDeposits')}
            <span className="tabular-nums">
              <Money value={amount} />
            </span>
            <StatusBadge status="Pending" />
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('dashboardPage.pendingDepositsHint', { count })}</p>
        </div>
      </div>
      <Link to="/transaction-History" className="text-sm font-semibold text-brand-700 underline sm:shrink-0 dark:text-brand-300">
        {t('dashboardPage.pendingDepositsLink')}
      </Link>
    </section>
  );
}
