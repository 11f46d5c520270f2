// `npm run bench:web`: Lighthouse (mobile preset, Debian Chromium) on `/` and
// `/investment-plans` against the real built app, plus the first-load JavaScript and CSS
// of `/` (gzip) from the build. Thresholds: performance >= 95, accessibility = 100, best
// practices >= 95 (issue 8); first load of `/` <= 120 KB JS (issue 20, ADR 0018) and <= 30 KB
// CSS gzip.
// Each page is measured RUNS times (WEB_RUNS, default 3) and the median of each figure is
// reported with FCP, LCP, TBT, CLS and Speed Index. Results go to bench/results/web.json (the
// full Lighthouse reports to bench/results/lighthouse/); the exit code is non-zero when a threshold is missed.
// With another checkout (`npm run bench:web -- <checkout>`, its web app built there), its first
// load and its pages are measured in the same run, each Lighthouse run right after this build's:
// the baseline beside each figure.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { LANGUAGES } from '@app/shared';
import { ROOT, startApp, otherCheckout } from './lib';

const DIST = process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist');
/** WEB_PAGES=/,/investment-plans (comma-separated) measures a subset while working on one page; empty, none (first load only). */
const PAGES = (process.env.WEB_PAGES ?? '/,/investment-plans').split(',').map((page) => page.trim()).filter(Boolean);
/** Lighthouse runs per page; the table shows the median of each figure (scores are noisy on a shared machine). */
const RUNS = Number(process.env.WEB_RUNS ?? 3);
const LIMITS = { performance: 95, accessibility: 100, 'best-practices': 95, jsKb: 120, cssKb: 30 };

/** Entry script and its static imports, plus a lazy page chunk and its static imports: their files, gzip sizes and code. */
function firstLoadCode(dist: string, pageChunk: string) {
  const assets = path.join(dist, 'assets');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) walk(match[1]!);
  };
  for (const match of html.matchAll(/assets\/([^"]+\.js)/g)) walk(match[1]!);
  const page = readdirSync(assets).find((file) => file.startsWith(`${pageChunk}-`) && file.endsWith('.js'));
  if (page) walk(page);
  const gz = (file: string) => gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
  const js = [...seen].reduce((sum, file) => sum + gz(file), 0);
  const css = [...html.matchAll(/assets\/([^"]+\.css)/g)].reduce((sum, match) => sum + gz(match[1]!), 0);
  const code = [...seen].map((file) => readFileSync(path.join(assets, file), 'utf8')).join('\n');
  return { js, css, code, files: seen.size, gz };
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * The first load's code (firstLoadCode) and, for each language, that code with the language's
 * messages the page needs (`namespaces`, found through the chunk map of i18n/index.ts in the
 * code): the budget holds for every language.
 */
export function firstLoad(dist: string, pageChunk: string, namespaces = ['common', 'public']) {
  const { js, css, code, files, gz } = firstLoadCode(dist, pageChunk);
  const messagesChunk = (language: string, namespace: string) => {
    const chunk = new RegExp(`"\\./locales/${language.replace('-', '\\-')}/${namespace}\\.json":[^\\n]*?import\\(\`\\./([^\`]+\\.js)\``).exec(code)?.[1];
    if (!chunk) throw new Error(`first load: no chunk for the ${language} ${namespace} messages`);
    return chunk;
  };
  const jsKbByLanguage = Object.fromEntries(
    LANGUAGES.map((language) => [language, kb(js + namespaces.reduce((sum, namespace) => sum + gz(messagesChunk(language, namespace)), 0))]),
  );
  return { jsKb: kb(js), jsKbByLanguage, maxJsKb: Math.max(...Object.values(jsKbByLanguage)), cssKb: kb(css), files };
}

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  siMs: 'speed-index',
} as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function loadAverage(): number {
  return Number(os.loadavg()[0]!.toFixed(2));
}

type Run = Record<'performance' | 'accessibility' | 'best-practices' | keyof typeof METRICS | 'loadBefore' | 'load', number>;

const other = otherCheckout();

/** One Lighthouse run of a page (repeated when Lighthouse fails to record a trace on a busy machine, NO_NAVSTART). */
async function lighthouseRun(port: number, url: string, report: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    const loadBefore = loadAverage();
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) {
      if (attempt >= 3) throw new Error(`Lighthouse failed too often on ${url}`);
      console.log(`  ${url}: Lighthouse error ${result.lhr.runtimeError.code}, measuring again`);
      continue;
    }
    const { categories, audits } = result.lhr;
    writeFileSync(report, result.report as string);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? 0;
    const run: Run = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      fcpMs: Math.round(metric(METRICS.fcpMs)),
      lcpMs: Math.round(metric(METRICS.lcpMs)),
      tbtMs: Math.round(metric(METRICS.tbtMs)),
      cls: Number(metric(METRICS.cls).toFixed(3)),
      siMs: Math.round(metric(METRICS.siMs)),
      loadBefore,
      load: loadAverage(),
    };
    const failing = Object.values(categories)
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${audits[ref.id]?.score})`);
    console.log(`  ${url}: ${JSON.stringify(run)}${failing.length ? `; audits below 1: ${failing.join(', ')}` : ''}`);
    return run;
  }
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(`No web build at ${DIST}: run npm run build first`);
  const budget = firstLoad(DIST, 'home-page');
  const firstLoadLine = `first load of /: ${budget.jsKb} KB JS gzip in ${budget.files} files; with the language's messages ${Object.entries(budget.jsKbByLanguage).map(([language, kb]) => `${language} ${kb}`).join(', ')} KB (budget ${LIMITS.jsKb} KB); ${budget.cssKb} KB CSS gzip (budget ${LIMITS.cssKb} KB)`;
  console.log(firstLoadLine);
  const otherDist = other ? path.join(other, 'apps/web/dist') : undefined;
  if (otherDist) {
    const code = firstLoadCode(otherDist, 'home-page');
    console.log(`first load of / on the other build: ${kb(code.js)} KB JS gzip in ${code.files} files; ${kb(code.css)} KB CSS gzip`);
  }
  // WEB_PAGES= (empty): the first-load figures alone, no Lighthouse.
  if (PAGES.length === 0) {
    if (budget.maxJsKb > LIMITS.jsKb || budget.cssKb > LIMITS.cssKb) process.exitCode = 1;
    return;
  }

  const builds = [{ name: 'this', app: await startApp({ env: { WEB_DIST_DIR: DIST } }) }];
  if (other && otherDist) builds.push({ name: 'other', app: await startApp({ checkout: other, env: { WEB_DIST_DIR: otherDist } }) });
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const reports = path.join(ROOT, 'bench/results/lighthouse');
  mkdirSync(reports, { recursive: true });
  const rows: Array<Record<string, string | number>> = [];
  let ok = budget.maxJsKb <= LIMITS.jsKb && budget.cssKb <= LIMITS.cssKb;
  try {
    for (const page of PAGES) {
      const slug = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
      const runs = new Map<string, Run[]>(builds.map((build) => [build.name, []]));
      // The builds take turns, first one then the other, so a load trend on the host favours neither.
      for (let run = 1; run <= RUNS; run += 1) {
        for (const build of run % 2 ? builds : [...builds].reverse()) {
          const report = path.join(reports, `${slug}${build.name === 'this' ? '' : `-${build.name}`}-${run}.json`);
          runs.get(build.name)!.push(await lighthouseRun(chrome.port, `${build.app.url}${page}`, report));
        }
      }
      for (const build of builds) {
        const measured = runs.get(build.name)!;
        const row: Record<string, string | number> = { page, ...(other ? { build: build.name } : {}), runs: measured.length };
        for (const key of Object.keys(measured[0]!) as Array<keyof Run>) row[key] = median(measured.map((run) => run[key]));
        rows.push(row);
        if (
          build.name === 'this' &&
          (Number(row.performance) < LIMITS.performance || Number(row.accessibility) < LIMITS.accessibility || Number(row['best-practices']) < LIMITS['best-practices'])
        ) {
          ok = false;
        }
      }
    }
  } finally {
    chrome.kill();
    for (const build of builds) await build.app.stop();
  }
  console.log(`median of ${RUNS} runs per page (loadBefore, load = 1-minute load average when the run started, ended):`);
  console.table(rows);
  writeFileSync(
    path.join(ROOT, 'bench/results/web.json'),
    JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, limits: LIMITS, firstLoad: budget, lighthouse: rows, ok }, null, 2),
  );
  console.log(firstLoadLine);
  console.log(ok ? 'web: all thresholds met' : 'web: a threshold was missed');
  if (!ok) process.exitCode = 1;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
