import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, mailbox, screenshotWidths, skipSplash, submitSignIn, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Str0ng!pass';

/**
 * Chromium's own virtual authenticator (Chrome DevTools Protocol): a platform authenticator
 * that keeps discoverable credentials and verifies the user, answering every prompt itself.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** A browser of its own (no shared device cookie) with a new account, signed in. */
async function newAccount(context: BrowserContext, prefix: string) {
  const page = await context.newPage();
  await skipSplash(page);
  const email = uniqueEmail(prefix);
  const registered = await page.request.post('/api/users/register', {
    data: { name: 'Grace Hopper', email, password: PASSWORD, phone: '+14155550123', country: 'United States' },
  });
  expect(registered.status()).toBe(201);
  return { page, email };
}

async function openSecurity(page: Page) {
  await page.goto('/user-profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
}

async function addPasskey(page: Page, name: string, screenshots?: string) {
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expect(dialog.getByLabel('Passkey name')).toHaveValue(/Chrome/);
  await dialog.getByLabel('Passkey name').fill(name);
  if (screenshots) await screenshotWidths(page, screenshots);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(name, { exact: true })).toBeVisible();
}

test('add a passkey in Profile > Security, sign out, sign in with it (no email, no code), rename and remove it', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const { page, email } = await newAccount(context, 'passkey');
  const authenticator = await virtualAuthenticator(page);

  await openSecurity(page);
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await addPasskey(page, 'E2E laptop', 'passkeys-add-dialog');
  const passkeys = page.getByRole('list', { name: 'Your passkeys' });
  await expect(passkeys.getByText('Never used')).toBeVisible();
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  await screenshotWidths(page, 'passkeys-security-tab');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await screenshotWidths(page, 'passkeys-login');

  await page.setViewportSize({ width: 1280, height: 800 });
  const codesBefore = mailbox.all().filter((mail) => mail.to.includes(email) && /access code/i.test(mail.subject)).length;
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/my-account$/);
  expect(mailbox.all().filter((mail) => mail.to.includes(email) && /access code/i.test(mail.subject)).length).toBe(codesBefore);
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(0);

  await openSecurity(page);
  await expect(passkeys.getByText(/Last used/)).toBeVisible();
  await page.getByRole('button', { name: 'Rename E2E laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  await rename.getByLabel('Passkey name').fill('Work laptop');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(passkeys.getByText('Work laptop', { exact: true })).toBeVisible();

  // Signed in a moment ago: removing asks no password.
  await page.getByRole('button', { name: 'Remove Work laptop' }).click();
  await page.getByRole('dialog', { name: /Remove “Work laptop”/ }).getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await mailbox.waitFor(email, /passkey was removed/i);
  await context.close();
});

test('the two-factor step offers "Use a passkey instead" and signs in with it', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const { page, email } = await newAccount(context, 'passkey-2fa');
  const setup = await page.request.post('/api/users/2fa/setup');
  const { secret } = (await setup.json()) as { secret: string };
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  expect((await page.request.post('/api/users/2fa/enable', { data: { code } })).ok()).toBe(true);
  await virtualAuthenticator(page);
  await openSecurity(page);
  await addPasskey(page, 'Laptop');
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeHidden();
  await screenshotWidths(page, 'passkeys-two-factor-step');
  await page.getByRole('button', { name: 'Use a passkey instead' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await context.close();
});
