import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TrendingUp } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Money } from '../../../components/ui/money';
import { Spinner } from '../../../components/ui/spinner';
import { useDepositMaturityMutation, useInvestmentHistoryQuery } from '../api/invest-api';
import { formatPercent } from '../../../i18n/format';
import { InvestmentProgress } from './investment-progress';
import { useNow } from './use-now';

/**
 * Dashboard widget (PRODUCT §4): each active investment with a progress bar and a live
 * countdown to maturity, its expected payout and a link to its page. On mount, and when a
 * countdown reaches zero, it calls GET /api/invest/deposit-maturity (SPEC §7: on dashboard
 * load) so due investments pay out at once; the list and balances refresh when they do.
 */
export function ActiveInvestments({ title }: { title?: string }) {
  const { t } = useTranslation('app');
  const { data, isLoading, isError } = useInvestmentHistoryQuery();
  const [depositMaturity] = useDepositMaturityMutation();
  const now = useNow();
  const active = (data ?? []).filter((item) => item.status === 'Active');
  const due = active.filter((item) => item.endDate !== null && Date.parse(item.endDate) <= now).length;
  const asked = useRef(-1);
  useEffect(() => {
    if (due <= asked.current) return;
    asked.current = due;
    void depositMaturity().unwrap().catch(() => {});
  }, [due, depositMaturity]);
  const pending = (data ?? []).filter((item) => item.status === 'Pending').length;

  return (
    <Card className="p-5" aria-labelledby="active-investments-title">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="active-investments-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          <TrendingUp className="size-5 text-brand-600" aria-hidden />
          {title ?? t('activeInvestments.title')}
        </h2>
        <Link to="/invest-status" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          {t('activeInvestments.all')}
        </Link>
      </div>
      {isLoading ? (
        <Spinner label={t('activeInvestments.loading')} />
      ) : isError ? (
        <p className="text-sm text-red-700 dark:text-red-300">{t('activeInvestments.failed')}</p>
      ) : active.length === 0 ? (
        <div className="text-sm text-slate-600 dark:text-slate-300">
          <p>{pending > 0 ? t('activeInvestments.noneWithPending', { count: pending }) : t('activeInvestments.none')}</p>
          <Link to="/start-invest" className={buttonClasses('primary', 'sm', 'mt-3')}>
            {t('activeInvestments.start')}
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {active.map((investment) => (
            <li key={investment._id} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <Link to={`/investment/${investment._id}`} className="font-semibold text-slate-900 hover:underline dark:text-white">
                  {investment.plan} · <Money value={investment.amount} />
                </Link>
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {formatPercent(investment.roiPercent)} → <Money value={investment.expectedPayout} className="font-semibold text-emerald-700 dark:text-emerald-300" />
                </span>
              </div>
              <InvestmentProgress investment={investment} now={now} compact />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
