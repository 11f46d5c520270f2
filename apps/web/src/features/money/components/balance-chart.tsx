import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { centsFromDecimal, dailyBalances, type BalanceSeries } from '@app/shared';
import { formatUsd, localeDateFormat } from '../../../i18n/format';
import { EmptyState } from '../../../components/ui/spinner';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = { top: 12, right: 12, bottom: 24, left: 12 };
const shortDate = localeDateFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Balance over time as a small hand-made SVG (no chart library in the bundle): one point per day. */
export function BalanceChart({ balances }: { balances: BalanceSeries }) {
  const { t } = useTranslation('app');
  const series = dailyBalances(balances);
  if (series.length === 0) return null;
  const values = series.map((point) => centsFromDecimal(point.balance));
  // No money in the window (a new account): nothing to draw, rather than a flat line at "High $0.00".
  if (values.every((value) => value === 0)) {
    return (
      <EmptyState title={t('balanceChart.emptyTitle')}>
        {t('balanceChart.emptyBody')}{' '}
        <Link to="/deposit-payment" className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {t('balanceChart.deposit')}
        </Link>
      </EmptyState>
    );
  }
  const max = Math.max(...values, 1);
  const min = Math.min(...values, 0);
  const span = max - min || 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (series.length === 1 ? innerW : (i / (series.length - 1)) * innerW);
  const y = (value: number) => PAD.top + innerH - ((value - min) / span) * innerH;
  const line = values.map((value, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const area = `${line} L${x(values.length - 1).toFixed(1)},${y(min).toFixed(1)} L${x(0).toFixed(1)},${y(min).toFixed(1)} Z`;
  const first = series[0]!;
  const last = series[series.length - 1]!;
  const label = t('balanceChart.label', {
    count: series.length,
    from: formatUsd(values[0]!),
    fromDate: first.date,
    to: formatUsd(values[values.length - 1]!),
    toDate: last.date,
    high: formatUsd(Math.max(...values)),
  });
  return (
    <figure className="w-full">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-44 w-full text-brand-600" preserveAspectRatio="none">
        <defs>
          <linearGradient id="balance-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="currentColor" stopOpacity="0.25" />
            <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
          </linearGradient>
        </defs>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(min)} y2={y(min)} className="stroke-slate-200 dark:stroke-slate-700" strokeWidth="1" />
        <path d={area} fill="url(#balance-fill)" />
        <path d={line} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500 dark:text-slate-400">
        <span>{shortDate.format(new Date(`${first.date}T00:00:00Z`))}</span>
        <span>{t('balanceChart.high', { amount: formatUsd(Math.max(...values)) })}</span>
        <span>{shortDate.format(new Date(`${last.date}T00:00:00Z`))}</span>
      </figcaption>
    </figure>
  );
}
