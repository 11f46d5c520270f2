// Scenarios of issue 9 for `npm run bench` (run.ts adds them after scenarios.ts): an
// authenticated dashboard read, the transaction-history page (of a new user: its fixed cost; pages
// of real histories are bench/history.ts) and the public plans list.
import { signedInUsers, type Scenario } from './scenarios';

export const proofScenarios: Scenario[] = [
  { name: 'GET /api/invest/plans (public)', prepare: async () => ({ path: '/api/invest/plans' }) },
  { name: 'GET /api/money/dashboard (session)', prepare: async (ctx) => ({ path: '/api/money/dashboard', headers: await signedInUsers(ctx) }) },
  { name: 'GET /api/invest/getTransactionHistory (session)', prepare: async (ctx) => ({ path: '/api/invest/getTransactionHistory', headers: await signedInUsers(ctx) }) },
];
