import type { ToastOptions } from 'react-toastify';

/**
 * Toasts from the always-loaded shell (navbar, banners) load react-toastify on demand, so
 * the landing page's first load does not carry it. Pages import `toast` directly.
 */
export function notify(kind: 'success' | 'error' | 'info', message: string, options?: ToastOptions): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message, options));
}
