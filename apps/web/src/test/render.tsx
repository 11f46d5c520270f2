import { useLayoutEffect, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, type Location, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { PublicSettings, UserView } from '@app/shared';
import { makeStore } from '../app/store-toolkit';
import { AppRoutes } from '../app/router';
import { SET_USER } from '../features/auth/auth-slice';
import { jsonResponse, type ApiAnswer } from './api';
import { fixture } from './fixture';

/** GET /api/settings/public as a fresh install answers it: no channel, embed, social link or operator identity set. */
export const testPublicSettings = fixture<PublicSettings>({
  supportPhone: '',
  supportEmail: '',
  chatEmbedUrl: '',
  supportHours: '',
  minInvestment: '100.00',
  chartServiceUrl: '',
  social: { facebook: '', instagram: '', linkedin: '', whatsapp: '', x: '' },
  operator: { legalName: '', address: '', registrationNumber: '', regulator: '' },
  riskNotice: '',
  googleSignIn: false,
});

export const testUser = fixture<UserView>({
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+14155550100',
  country: 'GB',
  bio: '',
  photo: null,
  role: 'subscriber',
  isVerified: true,
  kycStatus: 'Approved',
  balance: '1500.00',
  availableBalance: '1200.00',
  investmentBalance: '300.00',
  totalMaturityAmount: '45.00',
  fees: '0.00',
  hasFees: false,
  referralCode: 'ABCD2345',
  isImpersonated: false,
  twoFactorEnabled: false,
  language: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
});

type Responder = (url: string, init?: RequestInit) => ApiAnswer;

/**
 * Replaces fetch with answers keyed by url, for component tests (the end-to-end suite
 * drives the real server). Unanswered paths get 404. serveApi (test/api.ts) reads each call
 * for you (path, method, body), whatever fetched it.
 */
export function stubFetch(responder: Responder) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    calls.push({ url, init });
    return jsonResponse(responder(url, init) ?? { status: 404, body: { message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** Renders the app's routes at `path` with a real store; `user` signs someone in. */
export function renderApp(path: string, options: { user?: UserView | null; routes?: RouteObject[] } = {}) {
  sessionStorage.setItem('vaultline.splashSeen', '1');
  const store = makeStore();
  if (options.user) store.dispatch(SET_USER(options.user));
  /** Where the app is: `router.state.location` once each address has rendered. */
  const router = { state: { location: { pathname: path } as Location } };
  function CurrentLocation() {
    const location = useLocation();
    useLayoutEffect(() => {
      router.state.location = location;
    }, [location]);
    return null;
  }
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes table={options.routes} />
        <CurrentLocation />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store, router };
}

export function renderWithStore(ui: ReactElement, options: { user?: UserView | null } = {}) {
  const store = makeStore();
  if (options.user) store.dispatch(SET_USER(options.user));
  return { ...render(<Provider store={store}>{ui}</Provider>), store };
}
