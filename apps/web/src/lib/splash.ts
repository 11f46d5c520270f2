import { startTransition, useEffect, useState } from 'react';

const SEEN_KEY = 'vaultline.splashSeen';

let hidden = false;
const listeners = new Set<() => void>();

/** The splash shows until it has been seen once in this browser session (SPEC §2). */
export function isShowing(): boolean {
  if (hidden) return false;
  try {
    return sessionStorage.getItem(SEEN_KEY) !== '1';
  } catch {
    return false;
  }
}

/** Ends the splash for the rest of the session. */
export function hideSplash() {
  hidden = true;
  try {
    sessionStorage.setItem(SEEN_KEY, '1');
  } catch {
    // Storage may be unavailable (private mode); the splash then shows once per load.
  }
  for (const listener of listeners) listener();
}

/**
 * True while the start-up splash covers the page. Animations under it (the hero's typing,
 * the counters) wait for it to go, so the visitor sees them from the start.
 * The end of the splash re-renders in a transition (in short slices): as a synchronous
 * update (useSyncExternalStore) it was one 15-30 ms task, the first update of the whole app.
 */
export function useSplashShowing(): boolean {
  const [showing, setShowing] = useState(isShowing);
  useEffect(() => {
    const update = () => startTransition(() => setShowing(isShowing()));
    listeners.add(update);
    // The splash may have ended between this component's render and this effect.
    if (isShowing() !== showing) update();
    return () => {
      listeners.delete(update);
    };
  }, [showing]);
  return showing;
}
