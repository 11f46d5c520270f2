import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONNECTIONS, ROOT } from './lib';

export interface ScenarioContext {
  /** Base URL of the app under test. */
  url: string;
}

export interface Scenario {
  name: string;
  /** Prepares data (users, sessions) and returns the request to load-test. */
  prepare(ctx: ScenarioContext): Promise<{ path: string; headers?: Record<string, string> | Record<string, string>[] }>;
}

function firstAsset(): string {
  const html = readFileSync(path.join(ROOT, 'apps/web/dist/index.html'), 'utf8');
  const match = html.match(/src="(\/assets\/[^"]+\.js)"/);
  if (!match?.[1]) throw new Error('web app not built: run npm run build');
  return match[1];
}

/** Registers a fresh account; answers its session token as a Bearer header. */
async function register(ctx: ScenarioContext): Promise<Record<string, string>> {
  const email = `bench-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 9)}@example.com`;
  const response = await fetch(`${ctx.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password: 'Bench-Passw0rd!', phone: '+14155550100', country: 'United States' }),
  });
  const sid = /(?:^|,\s*)sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (response.status !== 201 || !sid) throw new Error(`bench register failed: ${response.status}`);
  return { authorization: `Bearer ${sid}` };
}

/** One signed-in user per connection, so reads keyed by session or user are not all the same row. */
export async function signedInUsers(ctx: ScenarioContext): Promise<Record<string, string>[]> {
  const users: Record<string, string>[] = [];
  for (let i = 0; i < CONNECTIONS; i += 4) users.push(...(await Promise.all([0, 1, 2, 3].map(() => register(ctx)))));
  return users;
}

/** Every HTTP scenario of `npm run bench`; each is compared to the bare Fastify route. */
export const scenarios: Scenario[] = [
  { name: 'GET /api/health', prepare: async () => ({ path: '/api/health' }) },
  {
    name: 'GET static asset (gzip)',
    prepare: async () => ({ path: firstAsset(), headers: { 'accept-encoding': 'gzip' } }),
  },
  { name: 'GET /api/users/getUser (session)', prepare: async (ctx) => ({ path: '/api/users/getUser', headers: await signedInUsers(ctx) }) },
];
