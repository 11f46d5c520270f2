import { Suspense, useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { getUser, loginStatus } from '../../features/auth/auth-slice';
import { Spinner } from '../../components/ui/spinner';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { Splash } from './splash';
import { ScrollRestoration } from './scroll-restoration';
import { ImpersonationBanner } from './impersonation-banner';
import { Toasts } from '../../lib/toasts';
import { inOwnTask } from '../../lib/own-task';
import { changeLanguage, currentLanguage } from '../../i18n';

export function RootLayout() {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const hasUser = useAppSelector((state) => state.auth.user !== null);
  const accountLanguage = useAppSelector((state) => state.auth.user?.language);
  const { t } = useTranslation();

  // In a task of its own: see lib/own-task.
  useEffect(() => inOwnTask(() => void dispatch(loginStatus())), [dispatch]);

  useEffect(() => {
    if (isLoggedIn && !hasUser) void dispatch(getUser());
  }, [dispatch, isLoggedIn, hasUser]);

  // The signed-in account's language wins over this browser's (issue 21).
  useEffect(() => {
    if (accountLanguage && accountLanguage !== currentLanguage()) void changeLanguage(accountLanguage);
  }, [accountLanguage]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        {t('nav.skipToContent')}
      </a>
      <Splash />
      <StickyTop>
        <ImpersonationBanner />
        <Navbar />
      </StickyTop>
      <main id="main" className="flex-1">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toasts />
      <ScrollRestoration />
    </div>
  );
}

/**
 * The header (and the impersonation banner above it) stays at the top of the screen; its
 * height is published as --app-header-height so toasts open below its buttons.
 */
function StickyTop({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const publish = () => document.documentElement.style.setProperty('--app-header-height', `${element.offsetHeight}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    publish();
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="sticky top-0 z-40">
      {children}
    </div>
  );
}

/** Content width and padding for pages inside the signed-in areas. */
export function PageContainer({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">{children}</div>;
}
