import { useTranslation } from 'react-i18next';
import type { InvestmentView } from '@app/shared';
import { formatCountdown, formatLocaleNumber } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { termProgress } from './amounts';

/** Progress bar and live countdown to maturity for one investment. `now` comes from useNow(). */
export function InvestmentProgress({ investment, now, compact = false }: { investment: InvestmentView; now: number; compact?: boolean }) {
  const { t } = useTranslation('app');
  const { status, startDate, endDate } = investment;
  const ratio = status === 'Ended' ? 1 : status === 'Active' ? termProgress(startDate, endDate, now) : 0;
  const percent = Math.floor(ratio * 100);
  const remaining = endDate ? Date.parse(endDate) - now : null;
  let caption: string;
  if (status === 'Pending') caption = t('investmentProgress.pending');
  else if (status === 'Rejected') caption = t('investmentProgress.rejected');
  else if (status === 'Ended') caption = investment.endReason === 'upgraded' ? t('investmentProgress.upgraded') : t('investmentProgress.matured');
  else if (remaining !== null && remaining > 0) caption = t('investmentProgress.maturesIn', { countdown: formatCountdown(remaining) });
  else caption = t('investmentProgress.due');

  return (
    <div className={cn(compact ? 'space-y-1.5' : 'space-y-2')}>
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-200" aria-live="off" data-testid="countdown">
          {caption}
        </span>
        <span className="tabular-nums text-slate-500 dark:text-slate-400">{t('investmentProgress.percent', { percent: formatLocaleNumber(percent) })}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('investmentProgress.label', { plan: investment.plan })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={cn('overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800', compact ? 'h-2' : 'h-3')}
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-700', status === 'Ended' ? 'bg-sky-500' : 'bg-brand-600')}
          style={{ width: `${ratio * 100}%` }}
        />
      </div>
    </div>
  );
}
