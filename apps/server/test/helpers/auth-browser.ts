import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions, Response } from 'light-my-request';
import { emailOutbox } from '../../src/db/schema';
import type { TestApp } from './build-test-app';

let ipCounter = 0;

/** A fresh client IP per browser, so per-IP rate limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A browser: keeps the cookies the server sets (sid, did) and sends them back. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly t: TestApp,
    readonly ip: string = nextIp(),
  ) {}

  async request(options: InjectOptions & { method: NonNullable<InjectOptions['method']>; url: string }): Promise<Response> {
    const response = await this.t.app.inject({
      remoteAddress: this.ip,
      ...options,
      cookies: { ...Object.fromEntries(this.cookies), ...(options.cookies ?? {}) },
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }

  patch(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], headers });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }

  get sid() {
    return this.cookies.get('sid');
  }
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'person'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const STRONG_PASSWORD = 'Str0ng!pass';

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    phone: '+14155550123',
    country: 'United Kingdom',
    ...overrides,
  };
}

/** Registers through the API in `browser` (which becomes a trusted device); answers the body sent. */
export async function registerIn(browser: Browser, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const response = await browser.post('/api/users/register', body);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { body, user: response.json() as { _id: string; email: string; referralCode: string } };
}

export async function emailsTo(t: TestApp, to: string, kind?: string) {
  const conditions = [eq(emailOutbox.toAddress, to)];
  if (kind) conditions.push(eq(emailOutbox.kind, kind));
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(...conditions))
    .orderBy(desc(emailOutbox.id));
}

/** The newest email of a kind to someone; waits briefly, since some are queued after the answer. */
export async function lastEmail(t: TestApp, to: string, kind: string, count = 1) {
  for (let attempt = 0; ; attempt += 1) {
    const emails = await emailsTo(t, to, kind);
    if (emails.length >= count) return emails[0]!;
    if (attempt > 100) throw new Error(`no ${kind} email to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function loginCodeFor(t: TestApp, to: string): Promise<string> {
  const email = await lastEmail(t, to, 'login-code');
  const match = /access code to finish signing in: ([A-Z0-9]{6})/.exec(email.text);
  if (!match) throw new Error('no code in the email');
  return match[1]!;
}

export async function linkTokenFor(t: TestApp, to: string, kind: 'verification' | 'password-reset', count = 1): Promise<string> {
  const email = await lastEmail(t, to, kind, count);
  const match = (kind === 'verification' ? /\/verify\/([\w-]+)/ : /\/resetPassword\/([\w-]+)/).exec(email.text);
  if (!match) throw new Error('no link in the email');
  return match[1]!;
}
