import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { VERIFIED_EMAIL_NEEDED } from '@app/shared';
import { expect, mailbox, openStaffPage, passKyc, readyUser, skipSplash, test, uniqueEmail } from './fixtures';

/** Issue 40 items 4 and 7: the everyday screens say what the server says, the same way everywhere. */

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** Full-page screenshots at a phone's and a laptop's width. */
async function shots(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** A new context with an account ready for money (verified email, approved KYC), signed in; and the staff page that approved it. */
async function readyAccount(browser: Browser, name: string): Promise<{ context: BrowserContext; page: Page; staff: Page; closeAll: () => Promise<void> }> {
  const { context: staffContext, page: staff } = await openStaffPage(browser);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await readyUser(context.request, staff.request, uniqueEmail('screens'), `${name} ${Date.now().toString(36)}`);
  const page = await context.newPage();
  await skipSplash(page);
  return { context, page, staff, closeAll: async () => Promise.all([context.close(), staffContext.close()]).then(() => undefined) };
}

test.describe.configure({ mode: 'parallel' });

test('a pending $750 deposit: the dashboard shows it as pending, the history and its CSV say 750.00 Pending', async ({ browser }) => {
  const { page, closeAll } = await readyAccount(browser, 'Penny Pending');
  expect((await page.request.post('/api/payments/create', { data: { amount: '750' } })).status()).toBe(201);

  await page.goto('/my-account');
  const pending = page.getByRole('region', { name: 'Pending deposits' });
  await expect(pending).toContainText('$750.00');
  await expect(pending).toContainText('Pending');
  await expect(pending).toContainText('1 deposit awaiting confirmation');
  await expect(page.getByRole('region', { name: 'Balances' })).toContainText('$0.00');
  await shots(page, 'dashboard-pending-deposit');

  await page.goto('/transaction-History');
  const row = page.getByRole('row').filter({ hasText: 'Deposit' });
  await expect(row).toContainText('$750.00');
  await expect(row).toContainText('Pending');
  await shots(page, 'history-pending-deposit');

  const csv = await page.request.get('/api/invest/getTransactionHistory?format=csv');
  const lines = (await csv.text()).trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^"[^"]+","Deposit","DEP-[^"]+","Deposit DEP-[^"]+","Pending","750\.00"$/);
  await closeAll();
});

test('the dashboard figure cards fill their row at 1366 px', async ({ browser }) => {
  const { page, closeAll } = await readyAccount(browser, 'Fiona Figures');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/my-account');
  const section = page.getByTestId('dashboard-figures');
  await expect(section.locator(':scope > *')).toHaveCount(4);
  const box = (await section.boundingBox())!;
  const cards = await section.locator(':scope > *').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
  // One row, and the last card ends where the row ends: no empty column.
  expect(new Set(cards.map((card) => Math.round(card.top))).size).toBe(1);
  expect(Math.abs(cards[cards.length - 1]!.right - (box.x + box.width))).toBeLessThanOrEqual(1);
  // The shortcuts too, at a phone's width: three, then two across the whole row.
  await page.setViewportSize({ width: 390, height: 844 });
  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
  const row = (await shortcuts.boundingBox())!;
  const links = await shortcuts.getByRole('link').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
  expect(links).toHaveLength(5);
  for (const index of [2, 4]) expect(Math.abs(links[index]!.right - (row.x + row.width))).toBeLessThanOrEqual(1);
  await shots(page, 'dashboard-cards');
  await closeAll();
});

/** A box wholly inside a viewport this wide. */
const insideWidth = (box: { x: number; width: number } | null, width: number) => box !== null && box.x >= 0 && box.x + box.width <= width;

test('a successful profile save clears the form error; its toast lies inside a 360 px viewport, in the product colours', async ({ browser }) => {
  const { page, closeAll } = await readyAccount(browser, 'Paula Profile');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/user-profile');
  const name = page.getByLabel('Full name');
  await name.fill('');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const errorToast = page.locator('.Toastify__toast--error');
  await expect(errorToast).toContainText('All fields are required');
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  await name.fill('Paula Saved');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  const saved = page.locator('.Toastify__toast--success');
  await expect(saved).toContainText('User Updated');
  await expect(errorToast).toHaveCount(0);
  await expect(page.getByText('All fields are required')).toHaveCount(0);
  await expect(name).not.toHaveAttribute('aria-invalid');

  // Inside the viewport, one toast for the one save, not react-toastify's bright green.
  await expect(saved).toHaveCount(1);
  // Hovered, it stays (pauseOnHover) however slow the machine; it slides in from the right, so
  // its box is read until the entrance animation has brought it inside.
  await saved.hover();
  await expect.poll(async () => insideWidth(await saved.boundingBox(), 360)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await saved.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(236, 253, 245)');
  await page.screenshot({ path: `${SHOTS}/toast-360.png` });
  await shots(page, 'profile-saved');
  // The same toast on a laptop, where it sits top right below the header.
  // Left alone (the pointer moved away), it closes by itself after its 5 seconds.
  await page.mouse.move(0, 0);
  await expect(saved).toHaveCount(0, { timeout: 20_000 });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await name.fill('Paula Saved Again');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(saved).toContainText('User Updated');
  await saved.hover();
  await expect.poll(async () => insideWidth(await saved.boundingBox(), 1366)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/toast-1366.png` });
  await closeAll();
});

test('what an unverified email blocks: the same sentence on the banner, the KYC card, how-it-works and in the email', async ({ browser }) => {
  const { context: staffContext, page: staff } = await openStaffPage(browser);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const email = uniqueEmail('sentence');
  const registered = await context.request.post('/api/users/register', { data: { name: `Una Unverified ${Date.now().toString(36)}`, email, password: 'Passw0rd!', phone: '+14155550100', country: 'US' } });
  expect(registered.status()).toBe(201);
  await passKyc(context.request, staff.request, ((await registered.json()) as { _id: string })._id);
  const page = await context.newPage();
  await skipSplash(page);

  await page.goto('/my-account');
  await expect(page.getByRole('status').filter({ hasText: 'Please verify your email address' })).toContainText(VERIFIED_EMAIL_NEEDED);
  await expect(page.getByRole('status').filter({ hasText: 'Identity verified' })).toContainText(VERIFIED_EMAIL_NEEDED);
  await shots(page, 'dashboard-unverified-kyc-approved');
  await page.goto('/how-it-works');
  await expect(page.getByTestId('step').nth(1)).toContainText(VERIFIED_EMAIL_NEEDED);
  const verification = await mailbox.waitFor(email, /verify your email/i);
  expect(verification.text.replace(/\s+/g, ' ')).toContain(VERIFIED_EMAIL_NEEDED);
  await Promise.all([context.close(), staffContext.close()]);
});

test('the solvency margin: one word and colour on the staff home and /admin/solvency, never a minus', async ({ browser }) => {
  const { context, page } = await openStaffPage(browser);
  await page.goto('/my-account');
  const card = page.getByRole('region', { name: 'Waiting for you' });
  const label = card.locator('dt', { hasText: /^(Shortfall|Surplus)$/ });
  await expect(label).toHaveCount(1);
  const word = (await label.textContent())!;
  const homeAmount = (await label.locator('xpath=following-sibling::dd[1]').textContent())!;
  expect(homeAmount).not.toContain('-');
  await expect(label.locator('xpath=following-sibling::dd[1]/span')).toHaveClass(word === 'Shortfall' ? /text-red-700/ : /text-emerald-700/);
  await shots(page, 'staff-home-solvency');

  await page.goto('/admin/solvency');
  const figure = page.getByText(word, { exact: true });
  await expect(figure).toBeVisible();
  // The stat card: its label's row, then the amount.
  const amount = figure.locator('xpath=../following-sibling::p[1]/span');
  await expect(amount).toHaveText(homeAmount);
  await expect(amount).toHaveClass(word === 'Shortfall' ? /text-red-700/ : /text-emerald-700/);
  await shots(page, 'admin-solvency');
  await context.close();
});
