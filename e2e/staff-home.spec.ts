import type { Browser, Page } from '@playwright/test';
import { admin, expect, KYC_PNG, mailbox, screenshotWidths, signIn, skipSplash, submitSignIn, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Passw0rd!';

/** A registered account (email verified through the mailbox); with `role`, the admin grants it. */
async function account(browser: Browser, staff: Page, name: string, role?: 'author' | 'subscriber'): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(role ?? 'member');
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const registered = await context.request.post('/api/users/register', { data: { name, email, password: PASSWORD, phone: '+14155550100', country: 'US' } });
  expect(registered.status()).toBe(201);
  const id = ((await registered.json()) as { _id: string })._id;
  const token = mailbox.link(await mailbox.waitFor(email, /verify your email/i), '/verify/').split('/verify/')[1]!;
  expect((await context.request.patch(`/api/users/verifyUser/${token}`)).ok()).toBe(true);
  await context.close();
  if (role === 'author') expect((await staff.request.post('/api/users/upgradeUser', { data: { id, role } })).ok()).toBe(true);
  return { email, id };
}

/** A page signed in as `email` (answering the new-browser code). */
async function pageOf(browser: Browser, email?: string, password = PASSWORD): Promise<Page> {
  const context = await browser.newContext(email === admin.email() ? {} : { storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await skipSplash(page);
  if (email) await signIn(page.request, email, password);
  return page;
}

/** The desktop bar keeps to one line: every entry one text line high, nothing overflowing. */
async function expectOneLineNavigation(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  const layout = await nav.evaluate((element) => {
    const items = Array.from(element.querySelectorAll<HTMLElement>(':scope > div:not(.xl\\:hidden) a, :scope > div:not(.xl\\:hidden) button, :scope > a')).filter(
      (item) => item.offsetParent !== null,
    );
    return {
      navHeight: element.getBoundingClientRect().height,
      overflow: element.scrollWidth - element.clientWidth,
      items: items.map((item) => ({ text: item.textContent?.trim() ?? '', height: item.getBoundingClientRect().height, top: item.getBoundingClientRect().top })),
    };
  });
  expect(layout.navHeight).toBe(64);
  expect(layout.overflow).toBeLessThanOrEqual(0);
  for (const item of layout.items) expect(item.height, `"${item.text}" wraps`).toBeLessThanOrEqual(40);
  const tops = layout.items.map((item) => item.top + item.height / 2);
  expect(Math.max(...tops) - Math.min(...tops), JSON.stringify(layout.items)).toBeLessThanOrEqual(4);
}

test.describe.configure({ mode: 'parallel' });

test('staff sign in to /my-account and see first what waits: queues with counts and ages, solvency, recent audit; their own figures below', async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await pageOf(browser, admin.email(), admin.password());
  // A KYC case waiting for review.
  const applicant = await account(browser, staff, `Waiting Applicant ${Date.now().toString(36)}`);
  const applicantPage = await pageOf(browser, applicant.email);
  expect(
    (
      await applicantPage.request.post('/api/users/uploadKycDocuments', {
        multipart: { front: { name: 'front.png', mimeType: 'image/png', buffer: KYC_PNG }, back: { name: 'back.png', mimeType: 'image/png', buffer: KYC_PNG } },
      })
    ).ok(),
  ).toBe(true);

  // Signing in through the form (from the admin's trusted browser) lands on /my-account with the staff home first.
  const page = await (await browser.newContext()).newPage();
  await skipSplash(page);
  await page.goto('/login');
  await submitSignIn(page, admin.email(), admin.password());
  await expect(page).toHaveURL(/\/my-account$/);
  const home = page.getByRole('region', { name: 'Waiting for you' });
  await expect(home).toBeVisible();
  const queues = home.getByRole('list', { name: 'Staff queues' }).getByRole('listitem');
  await expect(queues).toHaveCount(5);
  await expect(queues.getByRole('link')).toHaveText([/^Deposits\d+/, /^Investments\d+/, /^Withdrawals\d+/, /^KYC\d+/, /^Second approvals\d+/]);
  const kyc = home.getByTestId('queue-kyc');
  await expect(kyc).toHaveAttribute('href', '/pending-kyc');
  await expect(kyc).toContainText(/Oldest waiting (under 1 h|\d+ h)/);
  expect(Number((await kyc.textContent())?.match(/^KYC(\d+)/)?.[1])).toBeGreaterThanOrEqual(1);
  await expect(home.getByRole('heading', { name: 'Solvency' })).toBeVisible();
  await expect(home.getByText('Owed to users')).toBeVisible();
  await expect(home.getByRole('heading', { name: 'Recent staff actions' })).toBeVisible();
  // Their own figures follow the staff home.
  const own = page.getByRole('heading', { name: 'Your account' });
  await expect(own).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balances' })).toBeVisible();
  const homeBox = (await home.boundingBox())!;
  const ownBox = (await own.boundingBox())!;
  expect(ownBox.y).toBeGreaterThan(homeBox.y + homeBox.height - 1);

  // A decision shows up in the recent staff actions.
  const pending = (await (await page.request.get('/api/users/kyc/pending?limit=500')).json()) as { pendingUsers: { _id: string; submissionId: string }[] };
  const submission = pending.pendingUsers.find((item) => item._id === applicant.id)!;
  expect((await page.request.patch(`/api/users/kyc/${applicant.id}/approve`, { data: { submissionId: submission.submissionId } })).ok()).toBe(true);
  await page.reload();
  await expect(home.getByRole('list', { name: 'Recent audit entries' }).getByText('kyc.approve').first()).toBeVisible();

  await kyc.click();
  await expect(page).toHaveURL(/\/pending-kyc$/);
  await page.goto('/my-account');
  await expect(home.getByTestId('queue-deposits')).toBeVisible();
  await screenshotWidths(page, 'staff-home');
  await page.context().close();
  await staff.context().close();
  await applicantPage.context().close();
});

test('the navigation keeps to one line at 1280 px for visitors, subscribers, authors and admins; staff find the back office in a menu', async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await pageOf(browser, admin.email(), admin.password());
  const longName = `Maximiliana Wolfeschlegel-Steinhausen ${Date.now().toString(36)}`;
  const subscriber = await account(browser, staff, longName);
  const author = await account(browser, staff, `Alex Author ${Date.now().toString(36)}`, 'author');

  const visitor = await pageOf(browser);
  const pages = { visitor, subscriber: await pageOf(browser, subscriber.email), author: await pageOf(browser, author.email), admin: staff };
  for (const [role, page] of Object.entries(pages)) {
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/how-it-works');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await test.step(`${role} at ${width} px`, () => expectOneLineNavigation(page));
    }
  }

  // A long name: shown whole in its title, cut by width in the bar.
  const greeting = pages.subscriber.getByTestId('nav-greeting');
  await expect(greeting).toHaveAttribute('title', longName);
  await expect(greeting).toContainText('Hi, Maximiliana');

  // Staff: a Back office menu with the queues and the back office's pages; Send Email lives there.
  const nav = pages.author.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Send Email' })).toHaveCount(0);
  await nav.getByRole('button', { name: /^Back office: \d+ pending$/ }).first().click();
  for (const label of ['Deposits', 'Investments', 'Withdrawals', 'KYC', 'Second approvals', 'Users', 'Send Email', 'Outbox', 'Audit log', 'Solvency']) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) }).first()).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await pages.author.setViewportSize({ width: 1366, height: 900 });
  await pages.author.screenshot({ path: 'test-results/screenshots/nav-back-office-menu-1366.png' });
  await nav.getByRole('link', { name: 'Send Email' }).click();
  await expect(pages.author).toHaveURL(/\/compose-email$/);

  await staff.setViewportSize({ width: 1366, height: 900 });
  await staff.goto('/my-account');
  const adminNav = staff.getByRole('navigation', { name: 'Main' });
  await adminNav.getByRole('button', { name: /^Back office/ }).first().click();
  await expect(adminNav.getByRole('link', { name: 'Settings' })).toBeVisible();

  // On a phone the menu is an icon beside the menu toggle.
  await pages.author.setViewportSize({ width: 390, height: 844 });
  await pages.author.goto('/my-account');
  await pages.author.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Back office/ }).last().click();
  await expect(pages.author.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Send Email' })).toBeVisible();
  await pages.author.screenshot({ path: 'test-results/screenshots/nav-back-office-menu-390.png' });
  for (const page of Object.values(pages)) await page.context().close();
});
