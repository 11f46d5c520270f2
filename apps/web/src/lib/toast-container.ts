import { useSyncExternalStore } from 'react';

let requested = false;
const listeners = new Set<() => void>();

/** Asks the layout to mount the toast container. lib/toast.ts calls it when it loads. */
export function requestToastContainer() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/** True once something that can show toasts has loaded. */
export function useToastContainerRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => requested,
  );
}

/**
 * Toasts raised this long before a navigation go along to the new page: they explain it
 * ("Login Successful", "Logged out"). Older ones belong to the page the user left.
 */
export const TOAST_NAVIGATION_GRACE_MS = 1500;

type LeaveListener = (path: string, now: number, graceMs: number) => void;
let leaveListener: LeaveListener | null = null;
let currentPath = typeof window === 'undefined' ? '/' : window.location.pathname;

/** The page toasts raised now belong to (the router's path, as the layout last reported it). */
export function toastPage(): string {
  return currentPath;
}

/** lib/toast registers what to dismiss when the page changes (kept here so the shell never loads react-toastify). */
export function onLeavePage(listener: LeaveListener) {
  leaveListener = listener;
}

/** The layout calls this when the path changes: the previous page's toasts are dismissed. */
export function pageChanged(path: string) {
  if (path === currentPath) return;
  currentPath = path;
  leaveListener?.(path, Date.now(), TOAST_NAVIGATION_GRACE_MS);
}
