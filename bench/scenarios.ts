import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib';

export interface ScenarioContext {
  /** Base URL of the app under test. */
  url: string;
}

export interface Scenario {
  name: string;
  /** Prepares data (users, sessions) and returns the request to load-test. */
  prepare(ctx: ScenarioContext): Promise<{ path: string; headers?: Record<string, string> }>;
}

function firstAsset(): string {
  const html = readFileSync(path.join(ROOT, 'apps/web/dist/index.html'), 'utf8');
  const match = html.match(/src="(\/assets\/[^"]+\.js)"/);
  if (!match?.[1]) throw new Error('web app not built: run npm run build');
  return match[1];
}

/** Every HTTP scenario of `npm run bench`; each is compared to the bare Fastify route. */
export const scenarios: Scenario[] = [
  { name: 'GET /api/health', prepare: async () => ({ path: '/api/health' }) },
  {
    name: 'GET static asset (gzip)',
    prepare: async () => ({ path: firstAsset(), headers: { 'accept-encoding': 'gzip' } }),
  },
];
