import { useTranslation } from 'react-i18next';
import type { PlanView } from '@app/shared';
import { Check } from 'lucide-react';
import { Money } from '../../../components/ui/money';
import { cn } from '../../../lib/cn';
import { formatDuration, formatPercent } from '../../../i18n/format';

/**
 * The plans as a radio group: each card shows the term rate, the equivalent annual rate
 * (PRODUCT §1.8 disclosure), the term and the accepted range.
 */
export function PlanPicker({
  plans,
  value,
  onChange,
  name = 'plan',
  invalid,
  describedBy,
}: {
  plans: PlanView[];
  value: string | null;
  onChange: (planId: string) => void;
  name?: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation('app');
  return (
    <div role="radiogroup" aria-label={t('planPicker.label')} aria-invalid={invalid || undefined} aria-describedby={describedBy} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {plans.map((plan) => {
        const selected = plan._id === value;
        return (
          <label
            key={plan._id}
            className={cn(
              'relative flex cursor-pointer flex-col rounded-xl border bg-white p-4 transition-colors focus-within:ring-2 focus-within:ring-brand-600/40 dark:bg-slate-900',
              selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700',
              invalid && !selected && 'border-red-300 dark:border-red-800',
            )}
          >
            <input type="radio" name={name} value={plan._id} checked={selected} onChange={() => onChange(plan._id)} className="sr-only" />
            <span className="flex items-center justify-between gap-2">
              <span className="text-base font-semibold text-slate-900 dark:text-white">{plan.name}</span>
              <span
                aria-hidden
                className={cn(
                  'flex size-5 items-center justify-center rounded-full border',
                  selected ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 dark:border-slate-600',
                )}
              >
                {selected && <Check className="size-3.5" />}
              </span>
            </span>
            <span className="mt-2 text-2xl font-bold text-brand-700 dark:text-brand-300">
              {formatPercent(plan.roiPercent)}
              <span className="ml-1 text-sm font-medium text-slate-500 dark:text-slate-400">{t('planPicker.per', { term: formatDuration(plan.durationSeconds) })}</span>
            </span>
            <span className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              {t('planPicker.annual', { rate: formatPercent(plan.annualRatePercent) })}
            </span>
            <span className="mt-3 text-sm text-slate-700 dark:text-slate-200">
              <Money value={plan.minAmount} /> – <Money value={plan.maxAmount} />
            </span>
          </label>
        );
      })}
    </div>
  );
}
