/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { admin, expect, mailbox, screenshot, skipSplash, test } from './fixtures';

const AXE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../node_modules/axe-core/axe.min.js');

/** Every public page, with the heading that proves its content rendered. */
const PAGES: Array<{ path: string; name: string; heading: RegExp; title: RegExp }> = [
  { path: '/', name: 'home', heading: /Invest with/, title: /Vaultline/ },
  { path: '/investment-plans', name: 'investment-plans', heading: /Choose a plan that fits/, title: /^Investment plans · Vaultline$/ },
  { path: '/Hierarchy', name: 'hierarchy', heading: /Achievement levels/, title: /^Achievement levels · Vaultline$/ },
  { path: '/how-it-works', name: 'how-it-works', heading: /Seven steps, in order/, title: /^How it works · Vaultline$/ },
  { path: '/market-rates', name: 'market-rates', heading: /Forex and crypto markets/, title: /^Current rates · Vaultline$/ },
  { path: '/support', name: 'support', heading: /How can we help\?/, title: /^Help center · Vaultline$/ },
  { path: '/our-story', name: 'our-story', heading: /Our story/, title: /^Our story · Vaultline$/ },
  { path: '/privacy-policy', name: 'privacy-policy', heading: /Privacy policy/, title: /^Privacy policy · Vaultline$/ },
  { path: '/license', name: 'license', heading: /License/, title: /^License · Vaultline$/ },
  { path: '/no-such-page', name: 'not-found', heading: /We couldn't find that page/, title: /^Page not found · Vaultline$/ },
];

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // The page's CSP allows no inline scripts, so axe goes in through the devtools protocol.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** Scrolls to the bottom in steps, so sections that load near the viewport are there. */
async function scrollThrough(page: Page) {
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Lets lazy content, counters and typing settle so screenshots and axe see the finished page. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await scrollThrough(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1200);
}

test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  await skipSplash(page);
});

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width}px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const entry of PAGES) {
      test(`${entry.path} renders, has its title, no horizontal scroll and no serious axe violation`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(entry.path);
        await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
        await expect(page).toHaveTitle(entry.title);
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length ?? 0).toBeGreaterThan(20);
        await settle(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expect(page.getByTestId('risk-notice')).toContainText('Risk notice');
        await screenshot(page, `${entry.name}-${viewport.name}`);
        const violations = await seriousViolations(page);
        expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });
}

test.describe('dark theme (system setting)', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
  for (const entry of PAGES) {
    test(`${entry.path} has no serious axe violation in dark mode`, async ({ page }) => {
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible();
      await settle(page);
      if (entry.name === 'home' || entry.name === 'investment-plans') await screenshot(page, `${entry.name}-phone-dark`);
      const violations = await seriousViolations(page);
      expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});

test('the narrowest phone (360px) has no horizontal scroll on the home page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await screenshot(page, 'home-phone-360');
});

test('the phone menu opens, is keyboard usable and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Portfolio Plans' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(menu).toBeHidden();
});

test('home: hero Sign In, leadership and live counters', async ({ page, request }) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: /Invest with/ });
  await expect(hero.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await scrollThrough(page);
  await expect(page.getByRole('heading', { name: 'Meet Our Leadership' })).toBeVisible();
  for (const title of ['Chief Investment Officer', 'Head of Wealth Management', 'Global Market Strategist', 'Senior Investment Advisor']) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
  }
  const stats = (await (await request.get('/api/stats')).json()) as { investors: number; countries: number };
  expect(stats.investors).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('stat-Investors')).toHaveText(stats.investors.toLocaleString('en-US'), { timeout: 5000 });
  await expect(page.getByTestId('stat-Countries')).toHaveText(stats.countries.toLocaleString('en-US'));
});

test('FAQ: ten questions, one open at a time, clicking the open one closes it', async ({ page }) => {
  await page.goto('/#faq');
  const faq = page.locator('#faq');
  await expect(faq.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  const questions = faq.getByRole('button');
  await expect(questions).toHaveCount(10);
  const first = questions.nth(0);
  const second = questions.nth(1);
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByTestId('faq-answer')).toHaveCount(1);
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByTestId('faq-answer')).toHaveCount(1);
  const maxHeight = await faq.getByTestId('faq-answer').evaluate((element) => getComputedStyle(element).maxHeight);
  expect(maxHeight).toBe('500px');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByTestId('faq-answer')).toHaveCount(0);
  // Keyboard: Enter opens the focused question.
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
});

test('testimonials: 6 shown, 14 after Show more, 6 after Show less', async ({ page }) => {
  await page.goto('/');
  await scrollThrough(page);
  const list = page.getByTestId('testimonials');
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(14);
  await page.getByRole('button', { name: 'Show less' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(6);
});

test('investment plans: six cards, each with rates, range, duration and Get Started to /start-invest', async ({ page }) => {
  await page.goto('/investment-plans');
  // Other specs may add plans to the shared server: check the six seeded ones.
  const cards = page.getByTestId('plan-card').filter({
    has: page.getByRole('heading', { name: /^(Basic|Standard|Premium|Elite|Diamond|Executive)$/ }),
  });
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) {
    await expect(card.getByText('Equivalent annual rate')).toBeVisible();
    await expect(card.getByText('Amount range')).toBeVisible();
    await expect(card.getByText('Duration')).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(4);
    await expect(card.getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/start-invest');
  }
});

test("market rates: TradingView's widgets by default; when their script cannot load (no internet here) each chart says so, with no errors", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/market-rates');
  await expect(page.getByTestId('tradingview-widget')).toHaveCount(2);
  await expect(page.getByText('The chart service could not be reached. Please try again later.')).toHaveCount(2, { timeout: 20_000 });
  // The browser did ask for the widget script: the site's policy allows it, the network did not deliver it.
  expect(scripts).toContain('https://s3.tradingview.com/external-embedding/embed-widget-symbol-overview.js');
  expect(errors).toEqual([]);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshot(page, `market-rates-offline-${width}`);
  }
});

test('contact form: validation, then delivery to the support mailbox', async ({ page }) => {
  await page.goto('/support');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('All fields are required')).toHaveCount(3);
  const subject = `E2E ${Date.now().toString(36)}`;
  await page.getByLabel('Your name').fill(subject);
  await page.getByLabel('Your email').fill('visitor@');
  await page.getByLabel('Message').fill('Hello from the end-to-end suite.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await page.getByLabel('Your email').fill('visitor@example.com');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-status')).toHaveText('Message sent successfully!');
  // A fresh install has no support address configured: the message goes to the admin's mailbox.
  const settings = (await (await page.request.get('/api/settings/public')).json()) as { supportEmail: string };
  expect(settings.supportEmail).toBe('');
  const mail = await mailbox.waitFor(admin.email(), new RegExp(`Contact form: ${subject}`));
  expect(mail.text).toContain('Hello from the end-to-end suite.');
  expect(mail.text).toContain('visitor@example.com');
  await expect(page.getByTestId('contact-status')).toHaveText('', { timeout: 7000 });
});

test('404: unknown pages show a link home', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Invest with/ })).toBeVisible();
});
