// `npm run bench:web`: Lighthouse (mobile preset, Debian Chromium) on `/` and
// `/investment-plans` against the real built app, plus the first-load JavaScript and CSS
// of `/` (gzip) from the build. Thresholds (issue 8): performance >= 95, accessibility = 100,
// best practices >= 95; first load of `/` <= 150 KB JS and <= 30 KB CSS gzip.
// Results go to bench/results/web.json; the exit code is non-zero when a threshold is missed.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { ROOT, startApp } from './lib';

const DIST = process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist');
const PAGES = ['/', '/investment-plans'];
const LIMITS = { performance: 95, accessibility: 100, 'best-practices': 95, jsKb: 150, cssKb: 30 };

/** Entry script and its static imports, plus a lazy page chunk and its static imports. */
export function firstLoad(dist: string, pageChunk: string) {
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
  return { jsKb: Math.round((js / 1024) * 10) / 10, cssKb: Math.round((css / 1024) * 10) / 10, files: seen.size };
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(`No web build at ${DIST}: run npm run build first`);
  const budget = firstLoad(DIST, 'home-page');
  console.log(`first load of /: ${budget.jsKb} KB JS gzip (${budget.files} files), ${budget.cssKb} KB CSS gzip`);

  const app = await startApp({ env: { WEB_DIST_DIR: DIST } });
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  const rows: Array<Record<string, string | number>> = [];
  let ok = budget.jsKb <= LIMITS.jsKb && budget.cssKb <= LIMITS.cssKb;
  try {
    for (const page of PAGES) {
      const result = await lighthouse(`${app.url}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const row = {
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      };
      rows.push(row);
      const failing = Object.values(categories)
        .flatMap((category) => category.auditRefs)
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${audits[ref.id]?.score})`);
      if (failing.length) console.log(`  ${page} audits below 1: ${failing.join(', ')}`);
      if (row.performance < LIMITS.performance || row.accessibility < LIMITS.accessibility || row['best-practices'] < LIMITS['best-practices']) ok = false;
    }
  } finally {
    chrome.kill();
    await app.stop();
  }
  console.table(rows);
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/web.json'), JSON.stringify({ at: new Date().toISOString(), limits: LIMITS, firstLoad: budget, lighthouse: rows, ok }, null, 2));
  console.log(ok ? 'web: all thresholds met' : 'web: a threshold was missed');
  if (!ok) process.exitCode = 1;
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
