import type { Locator, Page } from '@playwright/test';
import { admin, expect, readyUser, screenshotWidths, signIn, skipSplash, test, uniqueEmail } from './fixtures';

const BTC_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

/** The bottom of the sticky header (with the impersonation banner when there is one). */
async function headerBottom(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().bottom);
}

test('checks before the click: investing, upgrading and withdrawing say what is wrong before anything is sent; toasts are one per event, below the header, gone when the page is left', async ({ browser }) => {
  test.setTimeout(150_000);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff.request, admin.email(), admin.password());

  const email = uniqueEmail('checks');
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipSplash(page);
  const userId = await readyUser(page.request, staff.request, email, `Careful Investor ${Date.now().toString(36)}`);
  expect((await staff.request.put(`/api/users/editDepositBalance/${userId}`, { data: { operation: 'add', amount: '500', reason: 'e2e funding' } })).ok()).toBe(true);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && /\/api\/(invest\/start-invest|invest\/[^/]+\/upgrade|withDraw\/create)$/.test(new URL(request.url()).pathname)) sent.push(request.url());
  });
  /** The refusal is shown in `where` (screenshot `shot` at each width) and nothing was sent; back at desktop size. */
  async function refusedBeforeSending(where: Page | Locator, refusal: string, shot: string) {
    await expect(where.getByText(refusal)).toBeVisible();
    await screenshotWidths(page, shot);
    expect(sent).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
  }

  // ---- Toasts: one per event, errors as alerts, below the header's buttons, gone with the page.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/start-invest');
  await expect(page.getByRole('radio', { name: /^Basic\b/ })).toBeAttached();
  await page.getByRole('button', { name: 'Invest now' }).click();
  await page.getByRole('button', { name: 'Invest now' }).click();
  const planToast = page.locator('.Toastify__toast').filter({ hasText: 'Please select an investment plan.' });
  await expect(planToast).toHaveCount(1);
  await expect(planToast).toHaveAttribute('role', 'alert');
  await expect(planToast).toHaveClass(/Toastify__toast--error/);
  // The inline message stays under the plans, as the spec says.
  await expect(page.locator('#plan-error')).toHaveText('Please select an investment plan.');
  expect((await planToast.boundingBox())!.y).toBeGreaterThanOrEqual(await headerBottom(page));
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect((await planToast.boundingBox())!.y, `at ${width} px`).toBeGreaterThanOrEqual(await headerBottom(page));
    await page.screenshot({ path: `test-results/screenshots/toast-below-header-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  // Leaving the page (after reading it) takes its toasts away.
  await page.waitForTimeout(1_700);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seven steps, in order' })).toBeVisible();
  await expect(planToast).toHaveCount(0);

  // ---- Start investing: the plan's range, then the available balance ($500).
  await page.goto('/start-invest');
  await page.getByRole('radio', { name: /^Basic\b/ }).check({ force: true });
  await page.getByLabel('Amount (USD)').fill('50');
  await page.getByRole('button', { name: 'Invest now' }).click();
  await expect(page.getByText('The Basic plan accepts $100.00 to $190.00')).toBeVisible();
  await page.getByRole('radio', { name: /^Executive\b/ }).check({ force: true });
  await page.getByLabel('Amount (USD)').fill('800');
  await page.getByRole('button', { name: 'Invest now' }).click();
  await refusedBeforeSending(page, 'Insufficient available balance: you have $500.00 available.', 'invest-checked-before-sending');
  await page.getByRole('radio', { name: /^Basic\b/ }).check({ force: true });
  await page.getByLabel('Amount (USD)').fill('150');
  await page.getByRole('button', { name: 'Invest now' }).click();
  const submitted = page.locator('.Toastify__toast').filter({ hasText: /Investment request submitted/ });
  await expect(submitted).toHaveAttribute('role', 'status');
  await expect(submitted).toHaveClass(/Toastify__toast--success/);
  await expect(page).toHaveURL(/\/invest-status$/, { timeout: 5_000 });
  // The success toast came along with the redirect it announced... and goes when the user moves on.
  await expect(submitted).toHaveCount(1);

  expect(sent).toHaveLength(1);
  sent.length = 0;
  const [mine] = (await (await page.request.get('/api/invest/investment-history')).json()) as { _id: string }[];
  expect((await staff.request.put(`/api/invest/${mine!._id}/approve`)).ok()).toBe(true);

  // ---- Upgrade: the new plan's range for principal + top-up, the top-up within the $350 left.
  await page.goto(`/investment/${mine!._id}`);
  await page.getByRole('button', { name: /Upgrade plan/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(dialog.getByText(/Available: \$350\.00/)).toBeVisible();
  await dialog.getByLabel('New plan').selectOption({ label: (await dialog.getByRole('option', { name: /^Standard:/ }).textContent())! });
  await dialog.getByLabel('Top-up (USD)').fill('20');
  await dialog.getByRole('button', { name: 'Request upgrade' }).click();
  await expect(dialog.getByText('The Standard plan accepts $200.00 to $290.00; your $150.00 plus the top-up gives $170.00')).toBeVisible();
  await dialog.getByLabel('New plan').selectOption({ label: (await dialog.getByRole('option', { name: /^Executive:/ }).textContent())! });
  await dialog.getByLabel('Top-up (USD)').fill('600');
  await dialog.getByRole('button', { name: 'Request upgrade' }).click();
  await refusedBeforeSending(dialog, 'Insufficient available balance: you have $350.00 available.', 'upgrade-checked-before-sending');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // ---- Withdraw: the amount (fee included) within the $350 available; the dialog only for what can be withdrawn.
  await page.goto('/withdraw-wallet');
  await page.getByLabel('Wallet address').fill(BTC_ADDRESS);
  await page.getByLabel('Amount (USD)').fill('350.01');
  await page.getByRole('button', { name: 'Review withdrawal' }).click();
  await expect(page.getByText('Insufficient available balance: you have $350.00 available.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await screenshotWidths(page, 'withdraw-checked-at-review');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByLabel('Amount (USD)').fill('350');
  await page.getByRole('button', { name: 'Review withdrawal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your withdrawal' });
  await expect(confirm).toContainText('$350.00');
  await expect(confirm).toContainText('Available after this request$0.00');
  await screenshotWidths(page, 'withdraw-confirm');
  expect(sent).toEqual([]);
  await context.close();
  await staffContext.close();
});
