// `npm test`: lint, typecheck, unit and integration tests (Vitest), then end-to-end tests
// (Playwright on the built app). Ends with one line: "N passed, N failed, N skipped". With
// TEST_DATABASE_URL (or REDIS_URL) set, the tests tagged 'postgres' (or 'redis') must have run,
// and the server suites must have run on PostgreSQL as project server-pg: otherwise the run fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
mkdirSync('test-results', { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${label}: ${result.status === 0 ? 'ok' : `failed (exit ${result.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function check(label, ok) {
  if (ok) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(label);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Each test's outcomes across the projects, by file and name (a server file runs in `server` and `server-pg`). */
function outcomesByTest(report) {
  const outcomes = new Map();
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      const id = `${file.name}\u0000${test.fullName}`;
      outcomes.set(id, [...(outcomes.get(id) ?? []), test.status]);
    }
  }
  return outcomes;
}

const ran = (status) => status === 'passed' || status === 'failed';

/**
 * Skipped results of tests that ran in the other project (PostgreSQL-only tests in `server`,
 * embedded-only ones in `server-pg`): they were meant to run once, so they are not skipped.
 */
function ranInAnotherProject(outcomes) {
  let count = 0;
  for (const statuses of outcomes.values()) {
    if (statuses.some(ran)) count += statuses.filter((status) => !ran(status)).length;
  }
  return count;
}

/**
 * What was meant to run and did not: tests tagged for a service whose URL is set but run in
 * no project, and, with TEST_DATABASE_URL, server suites that did not run a second time (project server-pg).
 */
function meantToRun(report, outcomes) {
  const problems = [];
  const wanted = [
    ['postgres', 'TEST_DATABASE_URL'],
    ['redis', 'REDIS_URL'],
  ].filter(([, variable]) => process.env[variable]);
  for (const [tag, variable] of wanted) {
    const skipped = report.testResults.flatMap((file) =>
      file.assertionResults.filter((test) => (test.tags ?? []).includes(tag) && !outcomes.get(`${file.name}\u0000${test.fullName}`).some(ran)),
    );
    for (const test of skipped) console.log(`skipped although ${variable} is set: ${test.fullName}`);
    if (skipped.length > 0) problems.push(`${skipped.length} ${tag} test(s) skipped with ${variable} set`);
  }
  if (process.env.TEST_DATABASE_URL) {
    const runs = new Map();
    for (const file of report.testResults) {
      if (file.name.includes('/apps/server/')) runs.set(file.name, (runs.get(file.name) ?? 0) + 1);
    }
    const once = [...runs].filter(([, count]) => count < 2).map(([name]) => name);
    if (runs.size === 0 || once.length > 0) problems.push(`server suites not run on PostgreSQL (server-pg): ${runs.size === 0 ? 'none ran' : once.length}`);
  }
  return problems;
}

check('lint', run('lint', 'npx', ['eslint', '.', '--max-warnings=0']));
check('typecheck', run('typecheck', 'npm', ['run', 'typecheck', '--silent']));

rmSync('test-results/vitest.json', { force: true });
const vitestOk = run('unit and integration tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests;
  const outcomes = outcomesByTest(vitest);
  results.skipped += vitest.numPendingTests + vitest.numTodoTests - ranInAnotherProject(outcomes);
  if (vitest.numFailedTests > 0) failures.push(`${vitest.numFailedTests} vitest test(s)`);
  if (!vitestOk && vitest.numFailedTests === 0) check('vitest run (suite error)', false);
  for (const problem of meantToRun(vitest, outcomes)) check(problem, false);
} else {
  check('vitest (no report)', false);
}

if (!run('web build', 'npm', ['run', 'build', '--silent'])) {
  check('web build', false);
} else {
  rmSync('test-results/playwright.json', { force: true });
  const e2eOk = run('end-to-end tests', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  const report = existsSync('test-results/playwright.json') ? readJson('test-results/playwright.json') : undefined;
  if (report?.stats) {
    const passed = report.stats.expected + report.stats.flaky;
    const failed = report.stats.unexpected;
    results.passed += passed;
    results.failed += failed;
    results.skipped += report.stats.skipped;
    if (failed > 0) failures.push(`${failed} end-to-end test(s)`);
    if (!e2eOk && failed === 0) check('playwright run (suite error)', false);
  } else {
    check('playwright (no report)', false);
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exit(results.failed === 0 ? 0 : 1);
