import type { APIRequestContext } from '@playwright/test';
import { formatUsd, withdrawalFeeCents, type UserView } from '@app/shared';
import { expect, mailbox, openStaffPage, passKyc, screenshot, skipSplash, test, uniqueEmail, verifyEmailFromMailbox } from './fixtures';

const BTC_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

/** readyUser, checking on the way that deposits are refused until the email is verified (the refusal names the step). */
async function readyUserGated(user: APIRequestContext, staff: APIRequestContext, email: string, name: string): Promise<string> {
  const registered = await user.post('/api/users/register', { data: { name, email, password: 'Passw0rd!', phone: '+14155550100', country: 'US' } });
  expect(registered.status()).toBe(201);
  const userId = ((await registered.json()) as UserView)._id;
  const early = await user.post('/api/payments/create', { data: { amount: '10' } });
  expect(early.status()).toBe(403);
  expect((await early.json()).message).toMatch(/verify your email/i);
  await verifyEmailFromMailbox(user, email);
  await passKyc(user, staff, userId);
  return userId;
}

test('deposit -> staff confirms -> dashboard -> withdrawal -> staff approves -> history shows both', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context: staffContext, page: staffPage } = await openStaffPage(browser);
  const settings = await staffPage.request.put('/api/admin/settings', {
    data: { depositAddresses: { BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } },
  });
  expect(settings.ok()).toBe(true);

  const email = uniqueEmail('money');
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await skipSplash(userPage);
  await readyUserGated(userPage.request, staffPage.request, email, `Saver ${Date.now().toString(36)}`);

  // Deposit: address with QR, amount, redirect to history after 3 s.
  await userPage.goto('/deposit-payment');
  await expect(userPage.getByText('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBeVisible();
  await expect(userPage.getByRole('img', { name: 'QR code of the BTC address' })).toBeVisible();
  await userPage.getByLabel('Amount sent (USD)').fill('250');
  await userPage.getByRole('button', { name: 'I have sent the payment' }).click();
  await expect(userPage.getByText(/Deposit of \$250\.00 submitted/).first()).toBeVisible();
  await expect(userPage).toHaveURL(/\/transaction-History$/, { timeout: 6_000 });
  await expect(userPage.getByRole('row').filter({ hasText: 'Deposit' }).filter({ hasText: 'Pending' })).toBeVisible();

  // Staff confirm from the queue.
  await staffPage.goto('/admin-pending-deposit');
  await staffPage.getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: 'Review' }).click();
  await staffPage.getByLabel(/Notes/).fill('Seen on chain');
  await staffPage.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(staffPage.getByText('Payment successfully confirmed!').first()).toBeVisible();
  await mailbox.waitFor(email, /deposit is confirmed/i);

  // The dashboard shows it.
  await userPage.goto('/my-account');
  const balances = userPage.getByRole('region', { name: 'Balances' });
  await expect(balances.getByText('$250.00').first()).toBeVisible();
  // The chart fills 30 days from the changes the API sends: nothing before today's deposit.
  await expect(userPage.getByRole('img', { name: /^Balance over the last 30 days: from \$0\.00 on .* to \$250\.00 on / })).toBeVisible();
  await screenshot(userPage, 'money-dashboard');

  // Withdrawal with the fee shown before confirming.
  const schedule = (await (await userPage.request.get('/api/withDraw/fees')).json()) as { flatCents: number; basisPoints: number };
  const net = formatUsd(10_000 - withdrawalFeeCents(10_000, schedule));
  await userPage.goto('/withdraw-wallet');
  await userPage.getByLabel('Wallet address').fill(BTC_ADDRESS);
  await userPage.getByLabel('Amount (USD)').fill('100');
  await expect(userPage.getByLabel('Fee and net amount')).toContainText(`You receive${net}`);
  await userPage.getByRole('button', { name: 'Review withdrawal' }).click();
  await userPage.getByRole('dialog').getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(userPage.getByText(/Withdrawal request of \$100\.00 submitted/).first()).toBeVisible();
  await expect(userPage).toHaveURL(/\/transaction-History$/, { timeout: 6_000 });

  await staffPage.goto('/admin-pending-wallet');
  await staffPage.getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: 'Review' }).click();
  await staffPage.getByRole('button', { name: 'Approve withdrawal' }).click();
  await expect(staffPage.getByText('Withdrawal approved!').first()).toBeVisible();
  await expect(staffPage.getByRole('button', { name: 'Approve withdrawal' })).toBeHidden();
  await mailbox.waitFor(email, /withdrawal is approved/i);

  // History shows both, newest first; the dashboard the rest.
  await userPage.goto('/transaction-History');
  const rows = userPage.getByRole('row');
  await expect(rows.filter({ hasText: 'Withdrawal' }).filter({ hasText: 'Approved' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Deposit' }).filter({ hasText: 'Confirmed' })).toBeVisible();
  await screenshot(userPage, 'money-history');
  const figures = (await (await userPage.request.get('/api/money/dashboard')).json()) as { balance: string; availableBalance: string };
  expect(figures).toMatchObject({ balance: '150.00', availableBalance: '150.00' });
  const verify = await staffPage.request.get('/api/ledger/verify');
  expect((await verify.json()).ok).toBe(true);
  await userContext.close();
  await staffContext.close();
});
