import { startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Check } from '../../../components/ui/icons';
import { centsFromDecimal, formatCents, SEED_PLANS } from '@app/shared';
import { formatUsd } from '../../../i18n/format';
import { apiFetch } from '../../../lib/api';
import { inOwnTask } from '../../../lib/own-task';
import { formatNumber } from '../../../lib/numbers';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { buttonClasses } from '../../../components/ui/button';
import { PLAN_COPY, PLAN_FALLBACK_COPY } from '../../../content/plans';
import { PageIntro } from '../components/section';

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

export function formatDuration(seconds: number): string {
  if (seconds % DAY === 0) {
    const days = seconds / DAY;
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  }
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** "1-day term", "2-day term", "12-hour term". */
export function termPhrase(seconds: number): string {
  const [count, unit] = formatDuration(seconds).split(' ');
  return `${count}-${unit!.replace(/s$/, '')} term`;
}

function PlanCard({ plan, featured }: { plan: ApiPlan; featured: boolean }) {
  const copy = PLAN_COPY[plan.name] ?? PLAN_FALLBACK_COPY;
  const benefits = plan.benefits && plan.benefits.length > 0 ? plan.benefits : copy.benefits;
  const description = plan.description || copy.description;
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
        <span className="absolute -top-3 left-7 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold text-white">Longest term</span>
      )}
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-5xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white">{formatNumber(plan.roiPercent, 2)}%</span>
        <span className="text-sm text-slate-600 dark:text-slate-400">per {termPhrase(plan.durationSeconds)}</span>
      </p>
      <dl className="mt-6 divide-y divide-slate-200 border-y border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
        <div className="flex justify-between gap-4 py-2.5">
          <dt className="text-slate-600 dark:text-slate-400">Equivalent annual rate</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(annualRate(plan), 2)}%</dd>
        </div>
        <div className="flex justify-between gap-4 py-2.5">
          <dt className="text-slate-600 dark:text-slate-400">Amount range</dt>
          <dd className="font-semibold tabular-nums">
            {formatUsd(centsFromDecimal(plan.minAmount))} – {formatUsd(centsFromDecimal(plan.maxAmount))}
          </dd>
        </div>
        <div className="flex justify-between gap-4 py-2.5">
          <dt className="text-slate-600 dark:text-slate-400">Duration</dt>
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
        aria-label={`Get Started with the ${plan.name} plan`}
      >
        Get Started
      </Link>
    </li>
  );
}

export function PlansPage() {
  useDocumentTitle('Investment plans', 'Six fixed-term plans with the term rate, the equivalent annual rate, the amount range and the duration on every card.');
  const { plans, source } = usePlans();
  const longest = plans.reduce<ApiPlan | undefined>((best, plan) => (!best || plan.durationSeconds > best.durationSeconds ? plan : best), undefined);
  const lowestMinimum = plans.length ? Math.min(...plans.map((plan) => centsFromDecimal(plan.minAmount))) : null;
  return (
    <>
      <PageIntro eyebrow="Portfolio plans" title="Choose a plan that fits">
        <p>
          Every plan shows its term rate, the equivalent annual rate, the amount you can invest and how long the term lasts. At maturity your principal
          and the profit return to your wallet.
        </p>
      </PageIntro>
      <div className="container-page py-14 sm:py-20">
        <div aria-live="polite">
          {/* Said to screen readers only: a visible line that goes away when the plans arrive would move the cards. */}
          {source === 'loading' && <p className="sr-only">Loading current plans… showing the standard plan table meanwhile.</p>}
          {source === 'fallback' && (
            <p className="mb-8 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-50" role="status">
              Live plan details are unavailable right now, so these are the standard plans. The figures you confirm when you invest always come from our
              server.
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
            <strong className="font-semibold text-slate-800 dark:text-slate-200">About the rates.</strong> The term rate is the profit credited at the end of one
            term. The equivalent annual rate is that rate scaled to a year without compounding (term rate × 365 days ÷ term length), so plans with different
            terms can be compared. It is not a promise that the plan will be available, or earn the same, all year.
          </p>
          <p>
            {lowestMinimum !== null ? `The minimum investment is ${formatUsd(lowestMinimum)}, the lowest minimum of the plans above; ` : ''}each plan’s own range applies. Any
            fee is shown with the net amount before you confirm.
          </p>
        </div>
      </div>
    </>
  );
}
