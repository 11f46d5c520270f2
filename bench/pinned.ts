import { proofScenarios } from './proof-scenarios';
import { scenarios } from './scenarios';

/** The pinned reads: the scenarios that compare builds and settings (bench/builds.ts, bench/flags.ts). */
const PINNED = [
  'GET /api/health',
  'GET /api/users/getUser (session)',
  'GET /api/invest/plans (public)',
  'GET /api/money/dashboard (session)',
  'GET /api/invest/getTransactionHistory (session)',
];
export const pinnedScenarios = [...scenarios, ...proofScenarios].filter((scenario) => PINNED.includes(scenario.name));
