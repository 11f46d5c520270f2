import { useEffect, useState } from 'react';
import type { PublicSettings } from '@app/shared';
import { apiFetch } from './api';
import { inOwnTask } from './own-task';

let cached: PublicSettings | null = null;
let inflight: Promise<PublicSettings | null> | null = null;

/** Fetches GET /api/settings/public once per page load; null when the server does not answer. */
export function loadPublicSettings(): Promise<PublicSettings | null> {
  if (cached) return Promise.resolve(cached);
  inflight ??= apiFetch<PublicSettings>('/api/settings/public')
    .then((settings) => {
      cached = settings;
      return settings;
    })
    .catch(() => {
      inflight = null;
      return null;
    });
  return inflight;
}

/** Test hook: forget what was fetched. */
export function resetPublicSettings() {
  cached = null;
  inflight = null;
}

/**
 * The operator's public settings (support contacts, chart and chat embeds, risk notice).
 * `status` is 'loading' until the answer arrives, then 'ready' or 'unavailable'.
 */
export function usePublicSettings(): { settings: PublicSettings | null; status: 'loading' | 'ready' | 'unavailable' } {
  const [state, setState] = useState<{ settings: PublicSettings | null; status: 'loading' | 'ready' | 'unavailable' }>(() =>
    cached ? { settings: cached, status: 'ready' } : { settings: null, status: 'loading' },
  );
  useEffect(() => {
    if (state.status !== 'loading') return;
    let live = true;
    const cancel = inOwnTask(() => {
      void loadPublicSettings().then((settings) => {
        if (live) setState({ settings, status: settings ? 'ready' : 'unavailable' });
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [state.status]);
  return state;
}
