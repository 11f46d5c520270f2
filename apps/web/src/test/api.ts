import { vi } from 'vitest';

/** One request a stubbed API received, whether it came as a Request (RTK Query) or url + init (apiFetch). */
export interface ApiCall {
  url: string;
  path: string;
  search: string;
  method: string;
  body: unknown;
  headers: Headers;
}

export type ApiAnswer = { status?: number; body?: unknown } | undefined;

/**
 * RTK Query's fetchBaseQuery builds `new Request('/api/...')`; Node's Request needs an
 * absolute URL, so tests resolve it against the page like a browser would.
 */
export function resolveRelativeRequests() {
  const NodeRequest = globalThis.Request;
  class BrowserLikeRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const resolved = typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin).toString() : input;
      // jsdom's AbortSignal is not Node's; the stubbed fetch never aborts anyway.
      const { signal: _signal, ...rest } = init ?? {};
      super(resolved, rest);
    }
  }
  vi.stubGlobal('Request', BrowserLikeRequest);
}

/** A JSON body as sent (text that is not JSON stays text). */
function parsed(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What a stubbed fetch received, read the same way for a Request and for url + init. */
export async function readCall(input: RequestInfo | URL, init?: RequestInit): Promise<ApiCall> {
  const request = typeof input === 'object' && 'url' in input && typeof input.clone === 'function' ? input : null;
  const url = request ? request.url : String(input);
  const text = request ? await request.clone().text() : typeof init?.body === 'string' ? init.body : undefined;
  const where = new URL(url, 'http://localhost');
  return {
    url,
    path: where.pathname,
    search: where.search,
    method: request?.method ?? init?.method ?? 'GET',
    body: parsed(text),
    headers: request ? request.headers : new Headers(init?.headers),
  };
}

/** The body a stubbed fetch received. */
export async function bodyOf(input: unknown, init?: RequestInit): Promise<unknown> {
  return (await readCall(input as RequestInfo, init)).body;
}

export function jsonResponse(answer: NonNullable<ApiAnswer>): Response {
  return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
    status: answer.status ?? 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** Paths every signed-in page asks for, answered before `respond` is asked. */
export const SIGNED_IN: Record<string, ApiAnswer> = { '/api/users/loginStatus': { body: true } };

/**
 * Replaces fetch (and Request, see resolveRelativeRequests) with an API answered by
 * `respond`, recording every call. `fixed` answers its paths first; unanswered paths get 404.
 */
export function serveApi(respond: (call: ApiCall) => ApiAnswer, fixed: Record<string, ApiAnswer> = SIGNED_IN) {
  resolveRelativeRequests();
  const calls: ApiCall[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await readCall(input, init);
    calls.push(call);
    return jsonResponse((Object.hasOwn(fixed, call.path) ? fixed[call.path] : respond(call)) ?? { status: 404, body: { message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}
