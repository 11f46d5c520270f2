import type { APIRequestContext } from '@playwright/test';
import { expect, mailbox, openStaffPage, readyUser, screenshot, skipSplash, test, uniqueEmail } from './fixtures';

/** A registered, verified, KYC-approved user with $500 in the wallet (the ways a real user gets there). */
async function readyInvestor(user: APIRequestContext, staff: APIRequestContext, email: string, name: string): Promise<string> {
  const userId = await readyUser(user, staff, email, name);
  const funded = await staff.put(`/api/users/editDepositBalance/${userId}`, { data: { operation: 'add', amount: '500', reason: 'e2e funding' } });
  expect(funded.ok()).toBe(true);
  return userId;
}

test('invest -> staff approves -> progress -> maturity on a short plan -> profit on the dashboard', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context: staffContext, page: staffPage } = await openStaffPage(browser);

  // A short plan makes maturity observable: 10% over 20 seconds.
  const planName = `Sprint ${Date.now().toString(36)}`;
  const created = await staffPage.request.post('/api/invest/plans', {
    data: { name: planName, roiPercent: 10, minAmount: 50, maxAmount: 1000, durationSeconds: 20, benefits: ['Short demo term'] },
  });
  expect(created.status()).toBe(201);

  const email = uniqueEmail('invest');
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await skipSplash(userPage);
  await readyInvestor(userPage.request, staffPage.request, email, `Investor ${Date.now().toString(36)}`);

  await userPage.goto(`/start-invest?plan=${encodeURIComponent(planName)}`);
  await expect(userPage.getByRole('radio', { name: new RegExp(planName) })).toBeChecked();
  await userPage.getByLabel('Amount (USD)').fill('200');
  await expect(userPage.getByText('$220.00')).toBeVisible(); // payout preview
  await userPage.getByRole('button', { name: 'Invest now' }).click();
  await expect(userPage.getByText(/Investment request submitted/).first()).toBeVisible();
  await expect(userPage).toHaveURL(/\/invest-status$/, { timeout: 5_000 });
  await expect(userPage.getByText('Pending').first()).toBeVisible();
  const [mine] = (await (await userPage.request.get('/api/invest/investment-history')).json()) as { _id: string; investmentId: string }[];

  await staffPage.goto('/admin-pending-investment');
  await staffPage.getByRole('button', { name: `Approve ${mine!.investmentId}` }).click();
  await expect(staffPage.getByText('Investment approved successfully!').first()).toBeVisible();
  await mailbox.waitFor(email, /investment was approved/i);

  await userPage.goto(`/investment/${mine!._id}`);
  await expect(userPage.getByRole('progressbar')).toBeVisible();
  await expect(userPage.getByTestId('countdown')).toContainText('Matures in');
  await screenshot(userPage, 'investment-progress');

  // At zero the page asks the server to mature it (the job would too, within 15 s).
  await expect(userPage.getByText('Matured: paid to your wallet')).toBeVisible({ timeout: 45_000 });
  await expect(userPage.getByText('Profit paid')).toBeVisible();
  await mailbox.waitFor(email, /investment has matured/i);

  const me = (await (await userPage.request.get('/api/users/getUser')).json()) as { balance: string; totalMaturityAmount: string; investmentBalance: string };
  expect(me).toMatchObject({ balance: '520.00', totalMaturityAmount: '20.00', investmentBalance: '0.00' });
  await userPage.goto('/my-account');
  await expect(userPage.getByText('$20.00').first()).toBeVisible();
  await screenshot(userPage, 'dashboard-after-maturity');
  await userContext.close();
  await staffContext.close();
});
