import type { Browser, BrowserContext } from '@playwright/test';
import { centsFromDecimal, formatCents, formatUsd, VERIFIED_EMAIL_NEEDED } from '@app/shared';
import { admin, expect, KYC_PNG, openStaffPage, readyUser, screenshotWidths, signIn, skipSplash, submitSignIn, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Passw0rd!';

/** A new browser context in which a fresh account registers through the API (and is signed in). */
async function newAccount(browser: Browser, name: string, options: { permissions?: string[] } = {}): Promise<{ context: BrowserContext; email: string; id: string }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, ...options });
  const email = uniqueEmail('claims');
  const registered = await context.request.post('/api/users/register', { data: { name, email, password: PASSWORD, phone: '+14155550100', country: 'US' } });
  expect(registered.status()).toBe(201);
  return { context, email, id: ((await registered.json()) as { _id: string })._id };
}

test.describe.configure({ mode: 'parallel' });

test("a new account: the balance chart is an empty state, and the email banner says what the how-it-works page says", async ({ browser }) => {
  const { context } = await newAccount(browser, `Nora New ${Date.now().toString(36)}`);
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto('/my-account');
  const banner = page.getByRole('status').filter({ hasText: 'Please verify your email address' });
  await expect(banner).toContainText(VERIFIED_EMAIL_NEEDED);
  await expect(page.getByText('No balance to show yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make a deposit' })).toHaveAttribute('href', '/deposit-payment');
  await expect(page.getByRole('img', { name: /Balance over the last/ })).toHaveCount(0);
  await expect(page.getByText(/High \$0\.00/)).toHaveCount(0);
  await screenshotWidths(page, 'dashboard-new-account');
  await page.goto('/how-it-works');
  await expect(page.getByTestId('step').nth(1)).toContainText(VERIFIED_EMAIL_NEEDED);
  await context.close();
});

test('country codes are shown as country names: the profile and the KYC review', async ({ browser }) => {
  const name = `Cody Country ${Date.now().toString(36)}`;
  const { context, id } = await newAccount(browser, name);
  expect(
    (
      await context.request.post('/api/users/uploadKycDocuments', {
        multipart: { front: { name: 'front.png', mimeType: 'image/png', buffer: KYC_PNG }, back: { name: 'back.png', mimeType: 'image/png', buffer: KYC_PNG } },
      })
    ).ok(),
  ).toBe(true);
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto('/user-profile');
  await expect(page.getByLabel('Country').locator('option:checked')).toHaveText('United States');
  await expect(page.getByLabel('Country').getByRole('option', { name: 'US', exact: true })).toHaveCount(0);

  const { context: staffContext, page: staff } = await openStaffPage(browser);
  await staff.goto('/pending-kyc');
  await staff.getByRole('navigation', { name: 'KYC queue' }).getByRole('button', { name: new RegExp(name) }).click();
  const review = staff.getByRole('region', { name });
  await expect(review.locator('dt', { hasText: /^Country$/ }).locator('xpath=following-sibling::dd')).toHaveText('United States');
  await screenshotWidths(staff, 'kyc-review-country-name');
  // Leave the queue as it was: this case is approved.
  const pending = (await (await staff.request.get('/api/users/kyc/pending?limit=500')).json()) as { pendingUsers: { _id: string; submissionId: string }[] };
  const submission = pending.pendingUsers.find((item) => item._id === id)!;
  expect((await staff.request.patch(`/api/users/kyc/${id}/approve`, { data: { submissionId: submission.submissionId } })).ok()).toBe(true);
  await staffContext.close();
  await context.close();
});

test('"Copy code" and "Copy link" each say what they copied', async ({ browser }) => {
  const { context } = await newAccount(browser, `Rita Referrer ${Date.now().toString(36)}`, { permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto('/referrals');
  const code = (await page.getByTestId('referral-code').textContent())!.trim();
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.locator('.Toastify__toast--success').filter({ hasText: 'Referral code copied to clipboard!' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.locator('.Toastify__toast--success').filter({ hasText: 'Referral link copied to clipboard!' })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/register\\?ref=${code}$`));
  await screenshotWidths(page, 'referrals-copy-toasts');
  await context.close();
});

test('support is claimed only as configured: no phone, hours or live chat on a fresh install, in the FAQ, the Help Center and the suspended notice', async ({ browser }) => {
  const settings = (await (await (await browser.newContext()).request.get('/api/settings/public')).json()) as { supportPhone: string; supportHours: string; chatEmbedUrl: string };
  expect(settings).toMatchObject({ supportPhone: '', supportHours: '', chatEmbedUrl: '' });

  const visitor = await (await browser.newContext()).newPage();
  await skipSplash(visitor);
  await visitor.goto('/#faq');
  await visitor.locator('#faq').getByRole('button', { name: 'How do I reach support?' }).click();
  await expect(visitor.locator('#faq').getByTestId('faq-answer')).toContainText('Support is by the Help Center form.');
  await visitor.goto('/support');
  await expect(visitor.getByRole('heading', { level: 1, name: /How can we help\?/ })).toBeVisible();
  await expect(visitor.getByRole('main')).not.toContainText(/24\/7|live chat/i);

  // A suspended account: the notice points to the Help Center, as no phone is configured.
  const { context, email, id } = await newAccount(browser, `Sam Suspended ${Date.now().toString(36)}`);
  const staffContext = await browser.newContext();
  await signIn(staffContext.request, admin.email(), admin.password());
  expect((await staffContext.request.post('/api/users/upgradeUser', { data: { id, role: 'suspended' } })).ok()).toBe(true);
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto('/login');
  await submitSignIn(page, email, PASSWORD);
  const notice = page.getByRole('dialog', { name: 'Account Suspended' });
  await expect(notice.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/support');
  await expect(notice.locator('a[href^="tel:"]')).toHaveCount(0);
  await expect(notice).not.toContainText(/24\/7/);
  await screenshotWidths(page, 'suspended-notice');
  await staffContext.close();
  await context.close();
});

test('the minimum investment shown (FAQ, plans page, invest form) is the lowest minimum of the open plans, and the server holds amounts to it', async ({ browser }) => {
  const anonymous = await browser.newContext();
  const plans = (await (await anonymous.request.get('/api/invest/plans')).json()) as { name: string; minAmount: string; retired: boolean }[];
  const lowest = Math.min(...plans.filter((plan) => !plan.retired).map((plan) => centsFromDecimal(plan.minAmount)));
  const settings = (await (await anonymous.request.get('/api/settings/public')).json()) as { minInvestment: string };
  expect(centsFromDecimal(settings.minInvestment)).toBe(lowest);
  const shown = formatUsd(lowest);

  const page = await anonymous.newPage();
  await skipSplash(page);
  await page.goto('/#faq');
  await page.locator('#faq').getByRole('button', { name: 'What is the minimum investment?' }).click();
  await expect(page.locator('#faq').getByTestId('faq-answer')).toContainText(`The minimum investment is ${shown}`);
  await page.goto('/investment-plans');
  await expect(page.getByText(`The minimum investment is ${shown}`)).toBeVisible();

  const staffContext = await browser.newContext();
  await signIn(staffContext.request, admin.email(), admin.password());
  const userContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const userPage = await userContext.newPage();
  await skipSplash(userPage);
  await readyUser(userPage.request, staffContext.request, uniqueEmail('minimum'), `Min Investor ${Date.now().toString(36)}`);
  await userPage.goto('/start-invest');
  await expect(userPage.getByText(`The minimum investment is ${shown}.`)).toBeVisible();
  // Below it, the server refuses whatever the form does.
  const cheapest = plans.filter((plan) => !plan.retired).find((plan) => centsFromDecimal(plan.minAmount) === lowest)!;
  const below = await userPage.request.post('/api/invest/start-invest', { data: { planName: cheapest.name, amount: formatCents(lowest - 1) } });
  expect(below.status()).toBe(400);
  expect((await below.json()).message).toContain(`accepts ${shown}`);
  await staffContext.close();
  await userContext.close();
  await anonymous.close();
});
