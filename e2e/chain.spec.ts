import { parseEther } from 'viem';
import { connectEvmNode } from '../apps/server/test/helpers/evm-node';
import { E2E_CONFIRMATIONS } from './global-setup';
import { admin, chain, expect, mailbox, openStaffPage, readyUser, screenshotWidths, signIn, skipSplash, test, uniqueEmail } from './fixtures';

/** The page polls every 5 s; the watcher reads the chain every second. */
const ON_CHAIN_TIMEOUT = 25_000;

test('a user sees their own address, a token transfer confirms on the page and is credited', async ({ browser }) => {
  test.setTimeout(120_000);
  const node = connectEvmNode(chain.url());
  const staffContext = await browser.newContext();
  const staff = staffContext.request;
  await signIn(staff, admin.email(), admin.password());

  const email = uniqueEmail('chain');
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipSplash(page);
  await readyUser(page.request, staff, email, `Onchain ${Date.now().toString(36)}`);

  await page.goto('/deposit-payment');
  await page.getByRole('radio', { name: 'USDT' }).click();
  await expect(page.getByText('Your USDT deposit address')).toBeVisible();
  const address = (await page.getByTestId('deposit-address').textContent())!.trim();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(address).not.toBe(address.toLowerCase()); // EIP-55 checksummed
  await expect(page.getByRole('img', { name: 'QR code of the USDT address' })).toBeVisible();
  await expect(page.getByText('Send only on Hardhat (local)')).toBeVisible();
  await expect(page.getByText('ETH, USDT', { exact: true })).toBeVisible();
  // The same address on every visit.
  await page.reload();
  await page.getByRole('radio', { name: 'USDT' }).click();
  await expect(page.getByTestId('deposit-address')).toHaveText(address);

  await node.mint(chain.usdt(), address, 125_500_000n); // 125.50 USDT
  const deposit = page.getByTestId('onchain-deposit').filter({ hasText: '125.5 USDT' });
  await expect(deposit.getByText('Confirming')).toBeVisible({ timeout: ON_CHAIN_TIMEOUT });
  await expect(deposit.getByText(new RegExp(`of ${E2E_CONFIRMATIONS} confirmations`))).toBeVisible();
  await mailbox.waitFor(email, /We see your deposit of 125\.5 USDT/);
  await screenshotWidths(page, 'chain-deposit-confirming');

  await node.mine(E2E_CONFIRMATIONS);
  await expect(deposit.getByText('Credited', { exact: true })).toBeVisible({ timeout: ON_CHAIN_TIMEOUT });
  await expect(deposit.getByText('credited $125.50')).toBeVisible();
  await mailbox.waitFor(email, /Your deposit of \$125\.50 is credited/);
  await screenshotWidths(page, 'chain-deposit-credited');

  await page.goto('/my-account');
  await expect(page.getByRole('region', { name: 'Balances' }).getByText('$125.50').first()).toBeVisible();
  await page.goto('/transaction-History');
  const row = page.getByRole('row').filter({ hasText: 'Received on chain' });
  await expect(row.getByRole('link', { name: /0x[0-9a-f]{8}/ })).toHaveAttribute('href', /^https:\/\/explorer\.example\/tx\/0x[0-9a-f]{64}$/);
  await screenshotWidths(page, 'chain-history');
  await context.close();
  await staffContext.close();
});

test('ETH sent to a user’s address reaches the staff queue with its amount; staff price it and the user is credited', async ({ browser }) => {
  test.setTimeout(120_000);
  const node = connectEvmNode(chain.url());
  const { context: staffContext, page: staffPage } = await openStaffPage(browser);

  const email = uniqueEmail('eth');
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipSplash(page);
  await readyUser(page.request, staffPage.request, email, `Ether ${Date.now().toString(36)}`);
  const answer = await page.request.get('/api/payments/deposit-address?asset=ETH');
  const { address } = (await answer.json()) as { address: string };
  const hash = await node.sendEth(address, parseEther('0.25'));
  await node.mine(E2E_CONFIRMATIONS);
  await mailbox.waitFor(email, /0\.25 ETH is confirmed on chain/, ON_CHAIN_TIMEOUT);

  await staffPage.goto('/admin-pending-deposit');
  const item = staffPage.getByRole('listitem').filter({ hasText: email });
  await expect(item.getByText('Detected on chain')).toBeVisible();
  await expect(item.getByText(/0\.25 ETH in block \d+/)).toBeVisible();
  await screenshotWidths(staffPage, 'chain-staff-queue');
  await item.getByRole('link', { name: 'Review' }).click();
  await expect(staffPage.getByText(hash)).toBeVisible();
  await staffPage.getByLabel('US dollar value (USD)').fill('800');
  await staffPage.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(staffPage.getByText('Payment successfully confirmed!').first()).toBeVisible();

  await page.goto('/deposit-payment');
  await page.getByRole('radio', { name: 'ETH' }).click();
  await expect(page.getByTestId('onchain-deposit').filter({ hasText: '0.25 ETH' }).getByText('Credited', { exact: true })).toBeVisible({ timeout: ON_CHAIN_TIMEOUT });
  await page.goto('/my-account');
  await expect(page.getByRole('region', { name: 'Balances' }).getByText('$800.00').first()).toBeVisible();
  await context.close();
  await staffContext.close();
});

test('a user who has not confirmed their email sees the missing step and no address', async ({ browser }) => {
  const staffContext = await browser.newContext();
  await signIn(staffContext.request, admin.email(), admin.password());
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipSplash(page);
  const email = uniqueEmail('gated');
  const registered = await page.request.post('/api/users/register', { data: { name: 'Gated User', email, password: 'Passw0rd!', phone: '+14155550100', country: 'US' } });
  expect(registered.status()).toBe(201);
  await page.goto('/deposit-payment');
  await expect(page.getByText('Step 2 of 7: confirm your email')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Resend the verification link' })).toBeVisible();
  await expect(page.getByTestId('deposit-address')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'I have sent the payment' })).toHaveCount(0);
  await screenshotWidths(page, 'chain-deposit-gated');
  await context.close();
  await staffContext.close();
});
