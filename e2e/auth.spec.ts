import { expect, mailbox, screenshot, skipSplash, submitSignIn, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Str0ng!pass';

test('register -> verify by email -> log out -> new browser needs the emailed code -> dashboard', async ({ browser }) => {
  const email = uniqueEmail('auth');
  const home = await browser.newContext();
  const page = await home.newPage();
  await skipSplash(page);

  await page.goto('/register');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Phone/).fill('+14155550123');
  await expect(page.getByRole('option', { name: 'United Kingdom' })).toBeAttached();
  await page.getByLabel('Country').selectOption('United Kingdom');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registration Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/upload-kyc$/);

  const verification = await mailbox.waitFor(email, /verify your email/i);
  await page.goto(mailbox.link(verification, '/verify/'));
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page.getByText('Account Verification Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/upload-kyc$/, { timeout: 6_000 });

  await page.goto('/user-profile');
  await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A second browser (a device of its own, without the shared starting cookies): the password alone is not enough.
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const second = await other.newPage();
  await skipSplash(second);
  await second.goto('/login');
  await submitSignIn(second, email, PASSWORD);
  await expect(second).toHaveURL(new RegExp(`/loginWithCode/${encodeURIComponent(email).replace(/[.]/g, '\\.')}$`));
  const codeMail = await mailbox.waitFor(email, /access code/i);
  const code = mailbox.accessCode(codeMail);
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  await second.getByLabel('Access code').fill(code);
  await screenshot(second, 'auth-login-with-code');
  await second.getByRole('button', { name: 'Proceed To Login' }).click();
  await expect(second).toHaveURL(/\/my-account$/);
  await mailbox.waitFor(email, /new sign-in/i);

  // The first browser is still trusted: password only.
  await page.goto('/login');
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/my-account$/);
  await home.close();
  await other.close();
});

test('forgot password -> reset link -> sign in with the new password', async ({ page }) => {
  await skipSplash(page);
  const email = uniqueEmail('reset');
  const registered = await page.request.post('/api/users/register', {
    data: { name: 'Reset Tester', email, password: PASSWORD, phone: '+14155550123', country: 'France' },
  });
  expect(registered.status()).toBe(201);
  await page.request.get('/api/users/logout');

  await page.goto('/forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Get Reset Email' }).click();
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'password reset link' }).first()).toBeVisible();
  const mail = await mailbox.waitFor(email, /reset your password/i);
  await page.goto(mailbox.link(mail, '/resetPassword/'));
  await page.getByLabel('New password', { exact: true }).fill('N3w-Passw0rd!');
  await page.getByLabel('Confirm new password').fill('N3w-Passw0rd!');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, email, 'N3w-Passw0rd!');
  await expect(page).toHaveURL(/\/my-account$/);
});

test('each auth form shows the SPEC validation message as a toast', async ({ page }) => {
  await skipSplash(page);
  const toast = (text: string) => page.locator('.Toastify').getByText(text).first();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast('All fields are required')).toBeVisible();

  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast('All fields are required')).toBeVisible();
  await page.getByLabel('Confirm password').focus();
  await page.evaluate(() => {
    const target = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', 'pasted');
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(toast('Cannot paste into input field')).toBeVisible();

  await page.goto('/forgot');
  await page.getByRole('button', { name: 'Get Reset Email' }).click();
  await expect(toast('Please enter an email')).toBeVisible();

  await page.goto('/loginWithCode/someone%40example.com');
  await page.getByRole('button', { name: 'Proceed To Login' }).click();
  await expect(toast('Please fill in the login code')).toBeVisible();
  await page.getByLabel('Access code').fill('abc');
  await page.getByRole('button', { name: 'Proceed To Login' }).click();
  await expect(toast('Access code must be 6 characters')).toBeVisible();

  await page.goto('/resetPassword/whatever');
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm new password').fill('abc');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast('Password must be up to 6 characters')).toBeVisible();
});
