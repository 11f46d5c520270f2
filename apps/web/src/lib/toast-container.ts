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
