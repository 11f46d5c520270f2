import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowDownToLine, ArrowUpFromLine, History, LineChart, Users } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Card, PageHeader, StatCard } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { apiFetch } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboardQuery } from '../api/money-api';
import { BalanceChart } from '../components/balance-chart';

const SHORTCUTS = [
  { to: '/deposit-payment', label: 'Deposit', icon: ArrowDownToLine },
  { to: '/start-invest', label: 'Invest', icon: LineChart },
  { to: '/withdraw-wallet', label: 'Withdraw', icon: ArrowUpFromLine },
  { to: '/transaction-History', label: 'History', icon: History },
  { to: '/referrals', label: 'Referrals', icon: Users },
];

/**
 * /my-account. The app shell passes what other features show here: the email and KYC
 * banners, the active investments with their progress, and for staff the staff home
 * (what waits for them), shown first with their personal figures below it.
 */
export function DashboardPage({ banners, widgets, staffHome }: { banners?: ReactNode; widgets?: ReactNode; staffHome?: ReactNode }) {
  useDocumentTitle('My account', 'Your balance, investments, profit and shortcuts.');
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
        title={`Welcome back${user ? `, ${user.name.split(' ')[0]}` : ''}`}
        description={staffHome ? 'What waits for you first; your own account below.' : 'Every figure here comes from your ledger entries.'}
      />
      {staffHome}
      {staffHome && (
        <h2 className="border-t border-slate-200 pt-6 text-xl font-bold text-slate-900 dark:border-slate-800 dark:text-white">Your account</h2>
      )}
      {isLoading ? (
        <Spinner label="Loading your balances" />
      ) : isError || !data ? (
        <Alert tone="danger" title="Failed to fetch data.">
          Please refresh the page.
        </Alert>
      ) : (
        <>
          {banners && <div className="space-y-3">{banners}</div>}
          <section aria-label="Balances" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            <StatCard label="Balance" value={<Money value={data.balance} />} hint="Including pending requests" />
            <StatCard label="Available" value={<Money value={data.availableBalance} />} hint="Ready to invest or withdraw" />
            <StatCard label="Invested" value={<Money value={data.investmentBalance} />} hint="In active plans" />
            <StatCard label="Total profit" value={<Money value={data.totalMaturityAmount} />} hint="Returns, bonuses, credits" />
            {data.hasFees && <StatCard label="Fees" value={<Money value={data.fees} />} hint="Charged to your balance" />}
          </section>
          <nav aria-label="Shortcuts" className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {SHORTCUTS.map(({ to, label, icon: Icon }) => (
              <Link
                key={to}
                to={to}
                className="flex flex-col items-center gap-1.5 rounded-xl border border-slate-200 bg-white px-2 py-3 text-sm font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
              >
                <Icon className="size-5" aria-hidden />
                {label}
              </Link>
            ))}
          </nav>
          <Card>
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">Balance over time</h2>
            <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">End-of-day balance, last 30 days</p>
            <BalanceChart balances={data.series} />
          </Card>
          {widgets}
        </>
      )}
    </div>
  );
}
