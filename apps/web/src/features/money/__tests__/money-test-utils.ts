import { vi } from 'vitest';
import { configure } from '@testing-library/react';

export interface Call {
  path: string;
  search: string;
  method: string;
  body: unknown;
  headers: Headers;
}

type Answer = { status?: number; body?: unknown } | undefined;

/**
 * A fetch stand-in that understands both apiFetch(url, init) and RTK Query's fetch(Request),
 * records method, path, body and headers, and answers from `respond`.
 */
export function stubApi(respond: (call: Call) => Answer) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    let url: string;
    let method = init?.method ?? 'GET';
    let headers = new Headers(init?.headers);
    let text: string | undefined = typeof init?.body === 'string' ? init.body : undefined;
    if (typeof input === 'object' && 'url' in input && typeof (input as Request).clone === 'function') {
      const request = input as Request;
      url = request.url;
      method = request.method;
      headers = request.headers;
      text = (await request.clone().text()) || undefined;
    } else {
      url = String(input);
    }
    const parsed = new URL(url, 'http://localhost');
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* keep text */
    }
    const call: Call = { path: parsed.pathname, search: parsed.search, method, body, headers };
    calls.push(call);
    let answer: Answer;
    if (call.path === '/api/users/loginStatus') answer = { body: true };
    else if (call.path === '/api/invest/deposit-maturity') answer = { body: { message: 'ok' } };
    else answer = respond(call);
    answer ??= { status: 404, body: { message: 'Not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** RTK Query builds `new Request('/api/...')`; resolve it against the page like a browser. */
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

export const DASHBOARD = {
  balance: '1500.00',
  availableBalance: '1200.00',
  investmentBalance: '300.00',
  totalMaturityAmount: '45.00',
  fees: '12.50',
  hasFees: false,
  isVerified: true,
  kycStatus: 'Approved',
  series: {
    from: '2026-11-01',
    to: '2026-11-30',
    changes: [
      { date: '2026-11-01', balance: '0.00' },
      { date: '2026-11-10', balance: '1200.00' },
      { date: '2026-11-20', balance: '1500.00' },
    ],
  },
};

/** Imports every money page (and the app router) so lazy routes resolve at once in tests. */
export async function warmPages() {
  // Under a full parallel run a page can take longer than the 1 s default to settle.
  configure({ asyncUtilTimeout: 4000 });
  await Promise.all([
    import('../../../app/router'),
    import('../pages/dashboard-page'),
    import('../pages/deposit-page'),
    import('../pages/withdraw-page'),
    import('../pages/history-page'),
    import('../pages/admin-deposits-page'),
    import('../pages/transaction-page'),
    import('../pages/admin-withdrawals-page'),
    import('../pages/withdrawal-page'),
    import('../pages/adjust-page'),
    import('../pages/fees-page'),
  ]);
}
