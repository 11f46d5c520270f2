// `npm test`: lint, typecheck, unit and integration tests (Vitest), then end-to-end tests
// (Playwright on the built app). Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = { passed: 0, failed: 0 };
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
  if (vitest.numFailedTests > 0) failures.push(`${vitest.numFailedTests} vitest test(s)`);
  if (!vitestOk && vitest.numFailedTests === 0) check('vitest run (suite error)', false);
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
    if (failed > 0) failures.push(`${failed} end-to-end test(s)`);
    if (!e2eOk && failed === 0) check('playwright run (suite error)', false);
  } else {
    check('playwright (no report)', false);
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
