// Scenarios of issue 9 for `npm run bench` (run.ts adds them after scenarios.ts): an
// authenticated dashboard read, the transaction-history page and the public plans list.
import type { Scenario, ScenarioContext } from './scenarios';

/** Registers a fresh account; answers its session token as a Bearer header. */
async function session(ctx: ScenarioContext): Promise<Record<string, string>> {
  const email = `bench-proof-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const response = await fetch(`${ctx.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Proof', email, password: 'Bench-Passw0rd!', phone: '+14155550100', country: 'United States' }),
  });
  const sid = /(?:^|,\s*)sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (response.status !== 201 || !sid) throw new Error(`bench register failed: ${response.status}`);
  return { authorization: `Bearer ${sid}` };
}

export const proofScenarios: Scenario[] = [
  { name: 'GET /api/invest/plans (public)', prepare: async () => ({ path: '/api/invest/plans' }) },
  { name: 'GET /api/money/dashboard (session)', prepare: async (ctx) => ({ path: '/api/money/dashboard', headers: await session(ctx) }) },
  { name: 'GET /api/invest/getTransactionHistory (session)', prepare: async (ctx) => ({ path: '/api/invest/getTransactionHistory', headers: await session(ctx) }) },
];
