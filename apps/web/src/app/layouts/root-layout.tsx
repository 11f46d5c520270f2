import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector, useAppStore } from '../../lib/hooks';
import { loadToolkit } from '../store';
import { Spinner } from '../../components/ui/spinner';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { Splash } from './splash';
import { ScrollRestoration } from './scroll-restoration';
import { Toasts } from '../../lib/toasts';
import { inOwnTask } from '../../lib/own-task';
import { changeLanguage, currentLanguage } from '../../i18n';

// Shown only while staff view the product as a user: loaded once the account says so.
const ImpersonationBanner = lazy(() => import('./impersonation-banner').then((module) => ({ default: module.ImpersonationBanner })));

export function RootLayout() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const hasUser = useAppSelector((state) => state.auth.user !== null);
  const accountLanguage = useAppSelector((state) => state.auth.user?.language);
  const impersonated = useAppSelector((state) => state.auth.user?.isImpersonated === true);
  const { t } = useTranslation();

  // In a task of its own (lib/own-task), once the store has its auth slice (app/store.ts).
  useEffect(
    () =>
      inOwnTask(() => {
        void loadToolkit(store)
          .then(() => import('../../features/auth/auth-slice'))
          .then(({ loginStatus }) => dispatch(loginStatus()));
      }),
    [store, dispatch],
  );

  // Signed in (a thunk of the auth slice answered): the slice has loaded.
  useEffect(() => {
    if (isLoggedIn && !hasUser) void import('../../features/auth/auth-slice').then(({ getUser }) => dispatch(getUser()));
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
        {impersonated && (
          <Suspense fallback={null}>
            <ImpersonationBanner />
          </Suspense>
        )}
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
    // The observer reports the first size too, once the frame's layout is done: read here, in the
    // effect right after the first render, the height forced that layout in the middle of it.
    const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--app-header-height', `${element.offsetHeight}px`));
    observer.observe(element);
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
