import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { TIMERS_MS } from '@app/shared';
import { pageChanged, useToastContainerRequested } from './toast-container';

// Loaded when something that can show toasts loads (lib/toast.ts): pages without toasts never
// load react-toastify. Toasts raised before the container mounts are queued and shown when it does.
const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));
// Component tests assert on toasts straight after an action: mount at once there.
const MOUNT_TOASTS_AT_ONCE = import.meta.env.MODE === 'test';

/** Below the sticky header (its height is --app-header-height, kept by the layout), so toasts never cover its buttons. */
const BELOW_HEADER = { top: 'calc(var(--app-header-height, 4rem) + 0.5rem)' };

/**
 * The toast container (SPEC §8: top-right, 5 s, pause on hover), mounted once lib/toast has
 * loaded. Leaving a page dismisses the toasts it raised (lib/toast).
 */
export function Toasts() {
  const requested = useToastContainerRequested();
  const { pathname } = useLocation();
  useEffect(() => pageChanged(pathname), [pathname]);
  if (!requested && !MOUNT_TOASTS_AT_ONCE) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TIMERS_MS.toastAutoClose} pauseOnHover newestOnTop theme="light" style={BELOW_HEADER} />
    </Suspense>
  );
}
