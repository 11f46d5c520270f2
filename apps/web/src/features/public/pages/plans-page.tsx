import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Check } from '../../../components/ui/icons';
import { centsFromDecimal, formatCents, SEED_PLAN_TEXTS, SEED_PLANS } from '@app/shared';
import { formatUsd } from '../../../i18n/format';
import { i18n } from '../../../i18n';
import { apiFetch } from '../../../lib/api';
import { inOwnTask } from '../../../lib/own-task';
import { formatNumber } from '../../../lib/numbers';
import { buttonClasses } from '../../../components/ui/button';
import { PLANS_WITH_COPY } from '../../../content/plans';
import { ContentPage } from '../components/content-page';

/** GET /api/invest/plans item (money as decimal strings). Optional fields may be absent on older servers. */
export interface ApiPlan {
  _id: string;
  name: string;
  roiPercent: number;
  annualRatePercent?: number;
  minAmount: string;
  maxAmount: string;
  durationSeconds: number;
  description?: string;
  benefits?: string[];
  retired?: boolean;
}

type Source = 'loading' | 'live' | 'fallback';

const SEED_AS_API: ApiPlan[] = SEED_PLANS.map((plan) => ({
  _id: `seed-${plan.name}`,
  name: plan.name,
  roiPercent: plan.roiPercent,
  minAmount: formatCents(plan.minCents),
  maxAmount: formatCents(plan.maxCents),
  durationSeconds: plan.durationSeconds,
}));

/** Live plans from the API; the standard table (SPEC §9) only while loading or when unavailable. */
export function usePlans(): { plans: ApiPlan[]; source: Source } {
  const [state, setState] = useState<{ plans: ApiPlan[]; source: Source }>({ plans: SEED_AS_API, source: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    // In a task of its own: see lib/own-task.
    const cancel = inOwnTask(() => {
      apiFetch<ApiPlan[] | { plans: ApiPlan[] }>('/api/invest/plans', { signal: controller.signal })
        .then((data) => {
          const list = (Array.isArray(data) ? data : data?.plans ?? []).filter((plan) => !plan.retired);
          // A transition: the six cards re-render in short slices, not in one task.
          startTransition(() => setState(list.length > 0 ? { plans: list, source: 'live' } : { plans: SEED_AS_API, source: 'fallback' }));
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ plans: SEED_AS_API, source: 'fallback' });
        });
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, []);
  return state;
}

const DAY = 86_400;

/** The term rate annualised without compounding: roi x 365 days / term. */
export function annualRate(plan: Pick<ApiPlan, 'roiPercent' | 'durationSeconds' | 'annualRatePercent'>): number {
  if (typeof plan.annualRatePercent === 'number') return plan.annualRatePercent;
  return Math.round(((plan.roiPercent * 365 * DAY) / plan.durationSeconds) * 100) / 100;
}

/** A term as a whole number of days, else hours, else minutes. */
function termUnit(seconds: number): { unit: 'days' | 'hours' | 'minutes'; count: number } {
  if (seconds % DAY === 0) return { unit: 'days', count: seconds / DAY };
  if (seconds % 3600 === 0) return { unit: 'hours', count: seconds / 3600 };
  return { unit: 'minutes', count: Math.max(1, Math.round(seconds / 60)) };
}

/** "1 day", "2 days", "12 hours", in the app's language. */
export function formatDuration(seconds: number): string {
  const { unit, count } = termUnit(seconds);
  return i18n.t(`publicText:plans.duration.${unit}`, { count });
}

/** "per 1-day term", "per 12-hour term", in the app's language. */
function perTerm(seconds: number): string {
  const { unit, count } = termUnit(seconds);
  return i18n.t(`publicText:plans.perTerm.${unit}`, { count });
}

function PlanCard({ plan, featured }: { plan: ApiPlan; featured: boolean }) {
  const { t } = useTranslation('publicText');
  const copy = (PLANS_WITH_COPY as readonly string[]).includes(plan.name) ? plan.name : 'fallback';
  // Text staff wrote shows as written; the seed's own text, untouched, in the visitor's language.
  const seed = SEED_PLAN_TEXTS[plan.name];
  const seededBenefits = seed !== undefined && plan.benefits?.join('\n') === seed.benefits.join('\n');
  const benefits =
    plan.benefits && plan.benefits.length > 0 && !seededBenefits
      ? plan.benefits
      : (t(seededBenefits ? `plans.seed.${plan.name}.benefits` : `plans.copy.${copy}.benefits`, { returnObjects: true }) as string[]);
  const description =
    seed !== undefined && plan.description === seed.description ? t(`plans.seed.${plan.name}.description`) : plan.description || t(`plans.copy.${copy}.description`);
  const duration = formatDuration(plan.durationSeconds);
  const headingId = `plan-${plan._id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={
        featured
          ? 'relative flex flex-col rounded-2xl border-2 border-brand-600 bg-white p-7 shadow-md dark:border-brand-500 dark:bg-slate-900'
          : 'relative flex flex-col rounded-2xl border border-slate-200 bg-white p-7 shadow-sm dark:border-slate-800 dark:bg-slate-900'
      }
      data-testid="plan-card"
    >
    {featured && (
      <span className="absolute -top-3 left-7 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold text-white">{t('plans.longest')}</span>
    )}
    <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
      {plan.name}
    </h2>
    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
    <p className="mt-6 flex items-baseline gap-2">
      <span className="text-5xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">{t('plans.percent', { value: formatNumber(plan.roiPercent, 2) })}</span>
      <span className="text-sm text-slate-600 dark:text-slate-400">{perTerm(plan.durationSeconds)}</span>
    </p>
    <dl className="mt-6 divide-y divide-slate-200 border-y border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
      <div className="flex justify-between gap-4 py-2.5">
        <dt className="text-slate-600 dark:text-slate-400">{t('plans.annualRate')}</dt>
        <dd className="font-semibold tabular-nums">{t('plans.percent', { value: formatNumber(annualRate(plan), 2) })}</dd>
      </div>
      <div className="flex justify-between gap-4 py-2.5">
        <dt className="text-slate-600 dark:text-slate-400">{t('plans.amountRange')}</dt>
        <dd className="font-semibold tabular-nums">
          {formatUsd(centsFromDecimal(plan.minAmount))} – {formatUsd(centsFromDecimal(plan.maxAmount))}
        </dd>
      </div>
      <div className="flex justify-between gap-4 py-2.5">
        <dt className="text-slate-600 dark:text-slate-400">{t('plans.duration.label')}</dt>
        <dd className="font-semibold">{duration}</dd>
      </div>
    </dl>
    <ul className="mt-6 flex-1 space-y-2.5 text-sm">
      {benefits.slice(0, 4).map((benefit) => (
        <li key={benefit} className="flex gap-2.5 text-slate-700 dark:text-slate-200">
          <Check className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" aria-hidden />
          {benefit}
        </li>
      ))}
    </ul>
    <Link
      to="/start-invest"
      state={{ plan: plan.name }}
      className={buttonClasses(featured ? 'primary' : 'outline', 'lg', 'mt-8 w-full')}
      aria-label={t('plans.getStartedWith', { plan: plan.name })}
    >
      {t('plans.getStarted')}
    </Link>
  </li>
);
}

export function PlansPage() {
const { t } = useTranslation('publicText');
const { plans, source } = usePlans();
const longest = plans.reduce<ApiPlan | undefined>((best, plan) => (!best || plan.durationSeconds > best.durationSeconds ? plan : best), undefined);
const lowestMinimum = plans.length ? Math.min(...plans.map((plan) => centsFromDecimal(plan.minAmount))) : null;
return (
  <ContentPage messages="plans" tabTitle="docTitle" intro={t('plans.intro')}>
      <div aria-live="polite">
        {/* Said to screen readers only: a visible line that goes away when the plans arrive would move the cards. */}
        {source === 'loading' && <p className="sr-only">{t('plans.loading')}</p>}
        {source === 'fallback' && (
          <p className="mb-8 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-50" role="status">
            {t('plans.fallback')}
          </p>
        )}
      </div>
      <ul className="grid gap-6 pt-3 md:grid-cols-2 xl:grid-cols-3" aria-busy={source === 'loading'}>
        {/* Keyed by position: when the live plans replace the standard table, the cards update in place instead of being rebuilt. */}
        {plans.map((plan, index) => (
          <PlanCard key={index} plan={plan} featured={plans.length > 1 && plan === longest} />
        ))}
      </ul>
      <div className="mt-12 max-w-3xl space-y-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
        <p>
          <strong className="font-semibold text-slate-800 dark:text-slate-200">{t('plans.aboutRates')}</strong> {t('plans.aboutRatesText')}
        </p>
        <p>
          {lowestMinimum !== null ? t('plans.minimum', { amount: formatUsd(lowestMinimum) }) : t('plans.minimumUnknown')}
        </p>
      </div>
    </ContentPage>
  );
}
