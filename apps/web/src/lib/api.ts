import { isApiErrorBody } from '@app/shared';
import { i18n } from '../i18n';

/** Thrown by apiFetch: carries the server's message (SPEC §8: shown first where supplied). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** JSON call to our API with the session cookie. Rejects with ApiError on any non-2xx. */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const response = await fetch(path.startsWith('/') ? path : `/api/${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers: {
      ...(options.body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    throw new ApiError(response.status, isApiErrorBody(data) ? data.message : i18n.t('shell.requestFailed', { status: response.status }));
  }
  return data as T;
}

/** The server's message, else the error's own (SPEC §8), else a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  if (typeof error === 'object' && error !== null) {
    const data = (error as { data?: unknown }).data;
    if (isApiErrorBody(data)) return data.message;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** A fresh key for a money-creating POST (the server replays the first answer for a repeat). */
export function idempotencyKey(): string {
  return crypto.randomUUID();
}
