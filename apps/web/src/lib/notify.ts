import type { ToastOptions } from 'react-toastify';

/**
 * Toasts from the always-loaded shell (navbar, banners) load lib/toast on demand (it mounts the
 * toast container), so the landing page's first load does not carry react-toastify.
 */
export function notify(kind: 'success' | 'error' | 'info', message: string, options?: ToastOptions): void {
  void import('./toast').then(({ toast }) => toast[kind](message, options));
}
