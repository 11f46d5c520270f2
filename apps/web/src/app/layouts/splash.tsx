import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { TIMERS_MS } from '@app/shared';
import { hideSplash, useSplashShowing } from '../../lib/splash';

/** SPEC §2: a splash loader for 3 seconds at start (once per browser session). */
export function Splash() {
  const { t } = useTranslation();
  const visible = useSplashShowing();
  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(hideSplash, TIMERS_MS.splash);
    return () => window.clearTimeout(timer);
  }, [visible]);
  if (!visible) return null;
  return (
    <div
      role="status"
      aria-label={t('shell.loadingApp')}
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-5 bg-brand-950 text-white"
      data-testid="splash"
    >
      <svg viewBox="0 0 32 32" className="size-16 animate-pulse" aria-hidden>
        <rect width="32" height="32" rx="8" fill="#065f46" />
        <path d="M8 9l8 15 8-15" fill="none" stroke="#6ee7b7" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="text-lg font-semibold tracking-wide">Vaultline</p>
      <div className="h-1 w-40 overflow-hidden rounded-full bg-white/15">
        <div className="h-full w-1/2 animate-[splash_1.2s_ease-in-out_infinite] rounded-full bg-brand-300" />
      </div>
      <style>{'@keyframes splash{0%{transform:translateX(-100%)}100%{transform:translateX(200%)}}'}</style>
    </div>
  );
}
