import { vi } from 'vitest';
import type { AdminUserView } from '@app/shared';

/**
 * RTK Query's fetchBaseQuery builds `new Request('/api/...')`; Node's Request needs an
 * absolute URL, so tests resolve it against the page like a browser would.
 */
export function resolveRelativeRequests() {
  const NodeRequest = globalThis.Request;
  class BrowserLikeRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const resolved = typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin).toString() : input;
      const { signal: _signal, ...rest } = init ?? {};
      super(resolved, rest);
    }
  }
  vi.stubGlobal('Request', BrowserLikeRequest);
}

/** The body a stubbed fetch received, whether it came as a Request (RTK Query) or init.body (apiFetch). */
export async function bodyOf(input: unknown, init?: RequestInit): Promise<unknown> {
  if (init?.body) return JSON.parse(String(init.body));
  if (input instanceof Request) {
    const text = await input.clone().text();
    return text ? JSON.parse(text) : undefined;
  }
  return undefined;
}

export function adminUser(overrides: Partial<AdminUserView> = {}): AdminUserView {
  return {
    _id: 'u-1',
    name: 'Bartholomew Fitzgerald',
    email: 'bart@example.com',
    phone: '+14155550100',
    country: 'US',
    photo: null,
    role: 'subscriber',
    isVerified: true,
    kycStatus: 'Approved',
    balance: '1250.00',
    availableBalance: '1000.00',
    investmentBalance: '300.00',
    totalMaturityAmount: '45.50',
    fees: '2.00',
    hasFees: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}
