import { expect, skipSplash, test } from './fixtures';

test('the splash shows for about three seconds at start, then the app', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('splash')).toBeVisible();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 6_000 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('deep links load the app and unknown routes show the 404 page', async ({ page }) => {
  await skipSplash(page);
  await page.goto('/definitely-not-a-page');
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('guarded pages send visitors to /login', async ({ page }) => {
  await skipSplash(page);
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/login$/);
});

test('the first paint needs only the HTML, and the stylesheet applies before the app shows', async ({ page, request }) => {
  // The boot screen is styled inline; the stylesheet and the scripts must not hold it back.
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<link rel="stylesheet" [^>]*media="print" data-deferred-style>/);
  const scripts = html.match(/<script [^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of [...scripts, ...(html.match(/<link rel="modulepreload" [^>]*>/g) ?? [])]) expect(tag).toContain('fetchpriority="low"');
  await skipSplash(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Invest with/ })).toBeVisible();
  expect(await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]'), (link) => link.media))).toEqual(['all']);
  // Styled: the stylesheet's base layer takes the body's default margin away.
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
});

test('the first screen of a public page renders before the store chunk and the API messages are requested', async ({ page }) => {
  // They load once it is committed (main.tsx): requested while it rendered, their downloads and
  // evaluation competed with it (ADR 0018). The time `#main` enters the DOM is the commit.
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (!document.getElementById('main')) return;
      (window as unknown as { committedAt: number }).committedAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await skipSplash(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Invest with/ })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\/assets\/(store|messages)-[^/]+\.js$/.test(entry.name)).length))
    .toBeGreaterThanOrEqual(2);
  const { committedAt, requested } = await page.evaluate(() => ({
    committedAt: (window as unknown as { committedAt: number }).committedAt,
    requested: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(store|messages)-[^/]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(committedAt).toBeGreaterThan(0);
  for (const startTime of requested) expect(startTime).toBeGreaterThan(committedAt);
});

test("a page's chunks and its messages in the visitor's language are requested with the entry, from the HTML", async ({ browser }) => {
  // The server writes their links into index.html (apps/server/src/plugins/page-html.ts): the
  // preload scanner requests them at once, not once the entry or `boot` has run (ADR 0018).
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await skipSplash(page);
  const html = await (await page.goto('/investment-plans'))!.text();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const linked = [...html.matchAll(/<link rel="modulepreload" [^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  const { loaded, bootArrived } = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      loaded: entries
        .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime }))
        .filter(({ path }) => /\/assets\/(plans-page|common|public|publicText)-[^/]+\.js$/.test(path)),
      bootArrived: entries.find((entry) => /\/assets\/boot-[^/]+\.js$/.test(entry.name))!.responseEnd,
    };
  });
  // The page's chunk and the German common, public and publicText messages, each from its link,
  // requested before `boot` (which asked for the messages before) had even arrived.
  expect(loaded.map(({ path }) => path.split('/').pop()!.split('-')[0]).sort()).toEqual(['common', 'plans', 'public', 'publicText']);
  for (const { path, startTime } of loaded) {
    expect(linked).toContain(path);
    expect(startTime).toBeLessThan(bootArrived);
  }
  // A stored pick goes to the server as a cookie: the next page comes with its messages.
  await page.getByRole('contentinfo').getByLabel('Sprache').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const french = await (await page.request.get('/')).text();
  const frenchLinks = [...french.matchAll(/<link rel="modulepreload" [^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  expect(frenchLinks.filter((href) => /\/(common|public)-/.test(href))).toHaveLength(2);
  expect(frenchLinks.some((href) => linked.includes(href) && /\/common-/.test(href))).toBe(false);
  await context.close();
});

test("under the splash, the first screen's requests start once it is on screen", async ({ page }) => {
  // Started between the commit and the frame that shows it, they competed with it for nothing the
  // visitor sees for 3 s, and Lighthouse counted them in the LCP (main.tsx, lib/own-task; ADR 0018).
  await page.addInitScript(() => {
    const times = ((window as unknown as { paints: number[] }).paints = [] as number[]);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) times.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver((_records, observer) => {
      if (!document.getElementById('main')) return;
      (window as unknown as { committedAt: number }).committedAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await expect(page.getByTestId('splash')).toBeVisible();
  const requests = /\/api\/(stats|settings\/public|users\/loginStatus)$|\/assets\/(store|messages)-[^/]+\.js$/;
  await expect.poll(() => page.evaluate((source) => performance.getEntriesByType('resource').filter((entry) => new RegExp(source).test(entry.name)).length, requests.source)).toBe(5);
  const { committedAt, paints, started } = await page.evaluate(
    (source) => ({
      committedAt: (window as unknown as { committedAt: number }).committedAt,
      paints: (window as unknown as { paints: number[] }).paints,
      started: performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(source).test(entry.name))
        .map((entry) => entry.startTime),
    }),
    requests.source,
  );
  const firstScreenShown = paints.find((time) => time > committedAt);
  expect(firstScreenShown).toBeDefined();
  for (const startTime of started) expect(startTime).toBeGreaterThan(firstScreenShown!);
});
