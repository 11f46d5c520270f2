import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight } from '../../../components/ui/icons';
import { TIMERS_MS } from '@app/shared';
import { buttonClasses } from '../../../components/ui/button';
import { formatNumber, formatWholeUsd } from '../../../lib/numbers';
import { prefersReducedMotion } from '../../../lib/motion';
import { useSplashShowing } from '../../../lib/splash';
import { useAppSelector } from '../../../lib/hooks';

/**
 * SPEC §9: types each phrase at 100 ms a character, holds it for 2 s, then moves on to the
 * next. Screen readers get the first phrase as plain text instead of the animation.
 */
export function useTypingEffect(phrases: readonly string[], { paused = false, perChar = TIMERS_MS.heroTypingPerChar, pause = TIMERS_MS.heroTypingPause } = {}) {
  const [state, setState] = useState(() => ({ index: 0, length: prefersReducedMotion() ? (phrases[0]?.length ?? 0) : 0 }));
  useEffect(() => {
    if (paused || prefersReducedMotion() || phrases.length === 0) return;
    const phrase = phrases[state.index] ?? '';
    const done = state.length >= phrase.length;
    const timer = window.setTimeout(
      () => setState(done ? { index: (state.index + 1) % phrases.length, length: 0 } : { index: state.index, length: state.length + 1 }),
      done ? pause : perChar,
    );
    return () => window.clearTimeout(timer);
  }, [state, phrases, paused, perChar, pause]);
  return (phrases[state.index] ?? '').slice(0, state.length);
}

/**
 * The typed phrase and its cursor: its own component, so each keystroke re-renders only this.
 * Typing starts once the splash is gone, so the visitor sees the first phrase typed.
 */
function TypedPhrase({ phrases }: { phrases: readonly string[] }) {
  const typed = useTypingEffect(phrases, { paused: useSplashShowing() });
  return (
    <span className="absolute inset-0 whitespace-nowrap" data-testid="hero-typed">
      {typed}
      <span className="ml-0.5 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] animate-pulse bg-brand-300 align-baseline" />
    </span>
  );
}

export function Hero() {
  const { t } = useTranslation('public');
  // Typed one after another (SPEC §9: 100 ms a character, 2 s pause); the same array until the language changes.
  const phrases = useMemo(() => t('hero.phrases', { returnObjects: true }) as string[], [t]);
  const longest = phrases.reduce((a, b) => (b.length > a.length ? b : a), '');
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-brand-950 text-white [&_:focus-visible]:outline-brand-300">
      <div aria-hidden className="pointer-events-none absolute inset-0 opacity-60 [background:radial-gradient(60rem_30rem_at_85%_-10%,rgba(52,211,153,0.25),transparent_60%),radial-gradient(40rem_24rem_at_0%_110%,rgba(16,185,129,0.18),transparent_60%)]" />
      <div className="container-page relative grid items-center gap-12 py-20 sm:py-28 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.08em] text-brand-300">{t('hero.eyebrow')}</p>
          <h1 id="hero-heading" className="mt-4 text-display font-semibold">
            <span className="sr-only">
              {t('hero.headingStart')} {phrases[0]}
            </span>
            <span aria-hidden>
              {t('hero.headingStart')}
              <br />
              <span className="relative inline-block text-brand-300">
                <span className="invisible">{longest}</span>
                <TypedPhrase phrases={phrases} />
              </span>
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-brand-50/85">{t('hero.body')}</p>
          <HeroActions />
        </div>
        <HeroPanel />
      </div>
    </section>
  );
}

/**
 * A visitor is offered to open an account or sign in; someone signed in goes to their
 * dashboard instead. The plans are a link for both.
 */
function HeroActions() {
  const { t } = useTranslation('public');
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  return (
    <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      {isLoggedIn ? (
        <Link to="/my-account" className={buttonClasses('bright', 'lg')}>
          {t('hero.goToDashboard')}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      ) : (
        <>
          <Link to="/register" className={buttonClasses('bright', 'lg')}>
            {t('hero.openAccount')}
          </Link>
          <Link to="/login" className={buttonClasses('outlineOnDark', 'lg')}>
            {t('hero.signIn')}
          </Link>
        </>
      )}
      <Link to="/investment-plans" className={buttonClasses('outlineOnDark', 'lg', isLoggedIn ? undefined : 'border-transparent')}>
        {t('hero.viewPlans')}
        {!isLoggedIn && <ArrowRight className="size-4" aria-hidden />}
      </Link>
    </div>
  );
}

/** An illustrative plan summary: shows the kind of disclosure every plan card carries. */
function HeroPanel() {
  const { t } = useTranslation('public');
  const rows: Array<[string, string]> = [
    [t('hero.panel.plan'), 'Standard'],
    [t('hero.panel.termRate'), t('hero.panel.termRateValue')],
    [t('hero.panel.amountRange'), `${t('figures.usd', { amount: formatNumber(200) })} – ${t('figures.usd', { amount: formatNumber(290) })}`],
    [t('hero.panel.fees'), t('hero.panel.feesValue')],
  ];
  return (
    <div className="hidden rounded-2xl border border-white/10 bg-white/5 p-6 shadow-2xl backdrop-blur lg:block" aria-hidden>
      <p className="text-sm font-medium text-brand-200">{t('hero.panel.title')}</p>
      <dl className="mt-5 divide-y divide-white/10">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between gap-6 py-3 text-sm">
            <dt className="text-brand-50/70">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 rounded-xl bg-brand-400/15 p-4 text-sm text-brand-100">
        {t('hero.panel.atMaturity')} <span className="font-semibold text-white">{formatWholeUsd(220)}</span> {t('hero.panel.backOn', { invested: formatWholeUsd(200) })}
      </div>
    </div>
  );
}
