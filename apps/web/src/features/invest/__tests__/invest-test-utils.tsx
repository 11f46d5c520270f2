import { vi } from 'vitest';
import type { InvestmentView, PlanView } from '@app/shared';

export interface SeenRequest {
  path: string;
  method: string;
  body: unknown;
  headers: Headers;
}

type Handler = (request: SeenRequest) => { status?: number; body?: unknown } | undefined;

/**
 * Stubs fetch for RTK Query and apiFetch alike (Request objects or url + init), resolving
 * relative URLs like a browser and reading JSON bodies. Unanswered paths get 404.
 */
export function serveApi(handler: Handler) {
  const NodeRequest = globalThis.Request;
  class BrowserLikeRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const resolved = typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin).toString() : input;
      const { signal: _signal, ...rest } = init ?? {};
      super(resolved, rest);
    }
  }
  vi.stubGlobal('Request', BrowserLikeRequest);
  const seen: SeenRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    let url: string;
    let method = init?.method ?? 'GET';
    let text: string | undefined = typeof init?.body === 'string' ? init.body : undefined;
    let headers = new Headers(init?.headers);
    if (typeof input === 'object' && 'url' in input) {
      url = input.url;
      method = input.method;
      headers = input.headers;
      text = await input.clone().text();
    } else {
      url = String(input);
    }
    const request: SeenRequest = { path: new URL(url, 'http://localhost').pathname, method, body: text ? JSON.parse(text) : undefined, headers };
    seen.push(request);
    if (request.path === '/api/users/loginStatus') return json(200, true);
    const answer = handler(request) ?? { status: 404, body: { message: 'Not found' } };
    return json(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, seen };
}

function json(status: number, body: unknown) {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const PLANS: PlanView[] = [
  plan('p-basic', 'Basic', 8, '100.00', '190.00', 86_400, 2920),
  plan('p-standard', 'Standard', 10, '200.00', '290.00', 86_400, 3650),
  plan('p-exec', 'Executive', 28, '700.00', '1000.00', 172_800, 5110),
];

function plan(id: string, name: string, roiPercent: number, minAmount: string, maxAmount: string, durationSeconds: number, annualRatePercent: number): PlanView {
  return { _id: id, name, roiPercent, annualRatePercent, minAmount, maxAmount, durationSeconds, description: '', benefits: [], retired: false };
}

export function investment(overrides: Partial<InvestmentView> = {}): InvestmentView {
  return {
    _id: 'inv-1',
    investmentId: 'INV-ABCD2345',
    plan: 'Basic',
    planId: 'p-basic',
    roiPercent: 8,
    durationSeconds: 86_400,
    amount: '150.00',
    status: 'Active',
    startDate: '2026-03-01T00:00:00.000Z',
    endDate: '2026-03-02T00:00:00.000Z',
    maturityAmount: '12.00',
    expectedPayout: '162.00',
    kind: 'new',
    upgradeFrom: null,
    upgradedTo: null,
    topUp: '0.00',
    endReason: null,
    createdAt: '2026-02-28T23:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}
