import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { TIMERS_MS } from '@app/shared';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { getUser, loginStatus } from '../../features/auth/auth-slice';
import { Spinner } from '../../components/ui/spinner';
import { Navbar } from './navbar';
import { Footer } from './footer';
import { Splash } from './splash';
import { ImpersonationBanner } from './impersonation-banner';

// Loaded once the page has settled: nothing needs it to render, and toasts raised before it
// mounts are queued by react-toastify and shown when it does.
const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));
// Component tests assert on toasts straight after an action: mount at once there.
const TOASTS_AFTER_MS = import.meta.env.MODE === 'test' ? 0 : 1500;

function useSettled(delayMs: number): boolean {
  const [settled, setSettled] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    // A transition: the container's first render is sliced, not one long task.
    const timer = window.setTimeout(() => startTransition(() => setSettled(true)), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return settled;
}

/** Mounts the toast container once the page has settled, without re-rendering the layout. */
function Toasts() {
  const settled = useSettled(TOASTS_AFTER_MS);
  if (!settled) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TIMERS_MS.toastAutoClose} pauseOnHover newestOnTop theme="colored" />
    </Suspense>
  );
}

export function RootLayout() {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const hasUser = useAppSelector((state) => state.auth.user !== null);

  useEffect(() => {
    void dispatch(loginStatus());
  }, [dispatch]);

  useEffect(() => {
    if (isLoggedIn && !hasUser) void dispatch(getUser());
  }, [dispatch, isLoggedIn, hasUser]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <Splash />
      <ImpersonationBanner />
      <Navbar />
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

/** Content width and padding for pages inside the signed-in areas. */
export function PageContainer({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">{children}</div>;
}
