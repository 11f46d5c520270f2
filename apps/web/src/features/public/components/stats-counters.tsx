import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMERS_MS, type PublicStats } from '@app/shared';
import { apiFetch } from '../../../lib/api';
import { inOwnTask } from '../../../lib/own-task';
import { useInView } from '../../../lib/use-in-view';
import { formatNumber } from '../../../lib/numbers';
import { prefersReducedMotion } from '../../../lib/motion';
import { useSplashShowing } from '../../../lib/splash';
import { Section } from './section';

type Status = 'loading' | 'ready' | 'unavailable';

/** GET /api/stats: live figures (PRODUCT §1 rule 7). */
export function usePublicStats(): { stats: PublicStats | null; status: Status } {
  const [state, setState] = useState<{ stats: PublicStats | null; status: Status }>({ stats: null, status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const cancel = inOwnTask(() => {
      apiFetch<PublicStats>('/api/stats', { signal: controller.signal })
        .then((stats) => setState({ stats, status: 'ready' }))
        .catch(() => {
          if (!controller.signal.aborted) setState({ stats: null, status: 'unavailable' });
        });
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, []);
  return state;
}

/** Counts from 0 to `target` over about a second (SPEC §9), easing out. */
export function useCountUp(target: number | null, duration: number = TIMERS_MS.counterAnimation): number {
  const [value, setValue] = useState(0);
  const still = target === 0 || prefersReducedMotion();
  useEffect(() => {
    if (target === null || still) return;
    // Timer ticks (about 60 a second) rather than animation frames, so the figures also
    // arrive in a background tab.
    const start = Date.now();
    let timer = 0;
    const tick = () => {
      const progress = Math.min(1, (Date.now() - start) / duration);
      const eased = 1 - (1 - progress) ** 3;
      setValue(progress >= 1 ? target : Math.round(target * eased));
      if (progress < 1) timer = window.setTimeout(tick, 16);
    };
    timer = window.setTimeout(tick, 16);
    return () => window.clearTimeout(timer);
  }, [target, duration, still]);
  return target !== null && still ? target : value;
}

function Counter({ id, label, target, kind, run }: { id: string; label: string; target: number | null; kind: 'count' | 'usd'; run: boolean }) {
  const { t } = useTranslation('public');
  const value = useCountUp(run ? target : null);
  // Whole dollars, the symbol placed as the language places it.
  const figure = (amount: number) => (kind === 'usd' ? t('figures.usd', { amount: formatNumber(amount) }) : formatNumber(amount));
  const text = target === null ? '—' : figure(value);
  const final = target === null ? t('stats.notAvailable') : figure(target);
  return (
    <div className="flex flex-col-reverse gap-2 border-l-2 border-brand-500/60 pl-4 sm:pl-5">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-4xl dark:text-white">
        <span aria-hidden data-testid={`stat-${id}`}>
          {text}
        </span>
        <span className="sr-only">{final}</span>
      </dd>
    </div>
  );
}

/** Whole dollars of an API money string, for display only ("1234.56" -> 1234). */
function dollars(decimal: string): number {
  const whole = Number.parseInt(decimal.split('.')[0] ?? '0', 10);
  return Number.isFinite(whole) && whole > 0 ? whole : 0;
}

export function StatsCounters() {
  const { stats, status } = usePublicStats();
  // The count-up starts when the figures come into view and the splash is gone, so the visitor
  // sees it (and nothing re-renders them sixty times a second out of sight).
  const { ref, inView } = useInView<HTMLDListElement>();
  const splash = useSplashShowing();
  const run = inView && !splash;
  const { t } = useTranslation('public');
  return (
    <Section id="statistics" eyebrow={t('stats.eyebrow')} title={t('stats.heading')} subtitle={t('stats.subtitle')} tone="muted">
      <dl ref={ref} className="grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4" aria-busy={status === 'loading'}>
        <Counter id="Investors" label={t('stats.investors')} target={stats ? stats.investors : null} kind="count" run={run} />
        <Counter id="Countries" label={t('stats.countries')} target={stats ? stats.countries : null} kind="count" run={run} />
        <Counter id="Assets under management" label={t('stats.assetsUnderManagement')} target={stats ? dollars(stats.assetsUnderManagement) : null} kind="usd" run={run} />
        <Counter id="Profit paid to investors" label={t('stats.paidOut')} target={stats ? dollars(stats.paidOut) : null} kind="usd" run={run} />
      </dl>
      {status === 'unavailable' && (
        <p className="mt-8 text-sm text-slate-600 dark:text-slate-400" role="status">
          {t('stats.unavailable')}
        </p>
      )}
    </Section>
  );
}
