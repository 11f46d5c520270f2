import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, KYC_PNG, mailbox, screenshotWidths, skipSplash, submitSignIn, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Passw0rd!';

/** A context with no cookies: a browser the account has never used. */
function newBrowser(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ storageState: { cookies: [], origins: [] } });
}

/** Registers through the API in `context` (which is then signed in, on a device the account trusts). */
async function register(context: BrowserContext, name: string, email = uniqueEmail('deadend')): Promise<string> {
  const registered = await context.request.post('/api/users/register', { data: { name, email, password: PASSWORD, phone: '+14155550100', country: 'US' } });
  expect(registered.status()).toBe(201);
  return email;
}

async function accessCode(email: string): Promise<string> {
  const mail = await mailbox.waitFor(email, /access code/i);
  return mailbox.accessCode(mail);
}

/** Answers the login-code step with the code emailed to `email`: the account opens. */
async function enterAccessCode(page: Page, email: string) {
  await page.getByLabel('Access code').fill(await accessCode(email));
  await page.getByRole('button', { name: 'Proceed To Login' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
}

/** An account registered in another browser, and a page in a browser it has never used (splash skipped). */
async function accountOnNewBrowser(browser: Browser, name: string): Promise<{ email: string; context: BrowserContext; page: Page }> {
  const home = await newBrowser(browser);
  const email = await register(home, `${name} ${Date.now().toString(36)}`);
  await home.close();
  const context = await newBrowser(browser);
  const page = await context.newPage();
  await skipSplash(page);
  return { email, context, page };
}

test.describe.configure({ mode: 'parallel' });

test("'New browser' at sign-in is a step with what to do, not an error", async ({ browser }) => {
  const { email, context, page } = await accountOnNewBrowser(browser, 'Nina Newbrowser');
  await page.goto('/login');
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/loginWithCode\//);
  await expect(page.getByRole('status').filter({ hasText: 'New browser' })).toContainText('Enter the code from the email below');
  await expect(page.getByText(/We emailed a 6-character access code to/)).toBeVisible();
  // Information, not an error: no error toast, nothing announced as an alert.
  await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await screenshotWidths(page, 'login-new-browser-step');
  await enterAccessCode(page, email);
  await context.close();
});

test('/loginWithCode/{email} opened directly claims no code was sent, and sends one on request', async ({ browser }) => {
  const { email, context, page } = await accountOnNewBrowser(browser, 'Dora Direct');
  await page.goto(`/loginWithCode/${encodeURIComponent(email)}`);
  await expect(page.getByText(/takes a 6-character access code from your email/)).toBeVisible();
  await expect(page.getByText(/We emailed/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Resend/ })).toHaveCount(0);
  expect(mailbox.all().some((mail) => mail.to.includes(email) && /access code/i.test(mail.subject))).toBe(false);
  await screenshotWidths(page, 'login-with-code-direct');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/We emailed a 6-character access code to/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();
  await enterAccessCode(page, email);
  await context.close();
});

test('a bad or expired verify link offers "Resend verification link", signing in first', async ({ browser }) => {
  const context = await newBrowser(browser);
  const email = await register(context, `Vera Verify ${Date.now().toString(36)}`);
  await mailbox.waitFor(email, /verify your email/i);
  // Signed out, on the browser the account knows.
  await context.clearCookies({ name: 'sid' });
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto('/verify/this-link-is-no-good');
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /expired or been used/ })).toBeVisible();
  await screenshotWidths(page, 'verify-bad-link');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('link', { name: 'Sign in to resend verification link' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/verify\/this-link-is-no-good\?resend=1$/);
  const sentBefore = mailbox.all().filter((mail) => mail.to.includes(email) && /verify your email/i.test(mail.subject)).length;
  await page.getByRole('button', { name: 'Resend verification link' }).click();
  await expect(page.getByText('A new link is on its way')).toBeVisible();
  await expect.poll(() => mailbox.all().filter((mail) => mail.to.includes(email) && /verify your email/i.test(mail.subject)).length).toBe(sentBefore + 1);
  await screenshotWidths(page, 'verify-resent');
  // The new link works.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(mailbox.link(await mailbox.waitFor(email, /verify your email/i), '/verify/'));
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await expect(page.getByText('Account Verification Successful').first()).toBeVisible();
  await context.close();
});

test('a KYC upload error says which side failed and why, and the hint lists exactly the accepted types', async ({ browser }) => {
  const context = await newBrowser(browser);
  await register(context, `Kim Kyc ${Date.now().toString(36)}`);
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto('/upload-kyc');
  await expect(page.getByText('Accepted: JPEG, JPG, PNG, GIF, WEBP, BMP, HEIC or PDF, up to 10MB each.')).toBeVisible();
  const front = page.getByLabel('Front of document', { exact: true });
  const back = page.getByLabel('Back of document', { exact: true });

  // Checked in the browser: the type declared, then the size.
  await front.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an id') });
  await expect(page.getByText('Front of document: Invalid file format. Only JPEG, JPG, PNG, PDF are allowed. This file is notes.txt (text/plain); accepted: JPEG, JPG, PNG, GIF, WEBP, BMP, HEIC or PDF.')).toBeVisible();
  await back.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(page.getByText('Back of document: File size must be less than 10MB. This file is 10.0 MB.')).toBeVisible();
  await screenshotWidths(page, 'kyc-side-errors');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Checked by the server from the bytes: a "PNG" that is text.
  await front.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: KYC_PNG });
  await back.setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
  await page.getByRole('button', { name: 'Submit documents' }).click();
  const refusal = 'Back of document: Invalid file format. Only JPEG, JPG, PNG, PDF are allowed. The contents of back.png are not an image or PDF we recognise.';
  // Under the box of the side that failed, and in a toast.
  await expect(page.getByText(refusal, { exact: true }).and(page.locator('p[role="alert"]'))).toBeVisible();
  await expect(page.getByRole('img', { name: 'Back of document preview' })).toHaveCount(0);
  await expect(page.locator('.Toastify__toast--error').filter({ hasText: refusal })).toHaveCount(1);
  await screenshotWidths(page, 'kyc-server-refusal');
  await context.close();
});
