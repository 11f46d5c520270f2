import { readFileSync } from 'node:fs';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { PendingKycList, UserView } from '@app/shared';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The SMTP sink's mailbox: every email the server delivered during this run. */
export const mailbox = {
  all(): ReceivedEmail[] {
    const file = process.env.E2E_MAILBOX;
    if (!file) throw new Error('E2E_MAILBOX is not set (run through playwright.config.ts)');
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ReceivedEmail);
  },
  /** Waits for an email to `to` whose subject matches. */
  async waitFor(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedEmail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.all()
        .reverse()
        .find((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No email to ${to} matching ${subject} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  },
  /** The first link in an email's text that contains `fragment`. */
  link(mail: ReceivedEmail, fragment: string): string {
    const match = mail.text.match(new RegExp(`https?://\\S*${fragment}\\S*`));
    if (!match) throw new Error(`No link containing ${fragment} in "${mail.subject}"`);
    return match[0];
  },
  /** The access code in a login-code email's text (never in its subject). */
  accessCode(mail: ReceivedEmail): string {
    return /access code to finish signing in: ([A-Z0-9]{6})/.exec(mail.text)?.[1] ?? '';
  },
};

export const admin = {
  email: () => process.env.E2E_ADMIN_EMAIL ?? '',
  password: () => process.env.E2E_ADMIN_PASSWORD ?? '',
};

/** Password sign-in through the API; from a new device it answers the emailed access code. */
export async function signIn(request: APIRequestContext, email: string, password: string) {
  const first = await request.post('/api/users/login', { data: { email, password } });
  if (first.ok()) return;
  expect(first.status()).toBe(401);
  expect((await first.json()).message).toContain('New browser');
  const mail = await mailbox.waitFor(email, /access code/i);
  const code = mailbox.accessCode(mail);
  expect(code).toBeTruthy();
  const second = await request.post(`/api/users/loginWithCode/${encodeURIComponent(email)}`, { data: { loginCode: code } });
  expect(second.ok()).toBe(true);
}

/** A new browser context signed in as the e2e admin, with a page in it (splash skipped). */
export async function openStaffPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipSplash(page);
  await signIn(page.request, admin.email(), admin.password());
  return { context, page };
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Skips the 3-second splash for tests that are not about it. */
export async function skipSplash(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('vaultline.splashSeen', '1'));
}

/** Fills the sign-in form on the page (already at /login) and presses Sign In. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Saves a full-page screenshot under test-results/screenshots (kept as a test artefact). */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** A 40x30 PNG: KYC documents in the specs. */
export const KYC_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAPElEQVRIie3VsQkAMAwDsP7l73y0557RDoLsgeBYJ92TORbXqSNc805VIFGZg0SxOCwWi8HisFgs5isWL5MW93rCoz1vAAAAAElFTkSuQmCC',
  'base64',
);

/** Opens the verification link emailed to `email`, as `user`. */
export async function verifyEmailFromMailbox(user: APIRequestContext, email: string): Promise<void> {
  const verification = await mailbox.waitFor(email, /verify your email/i);
  const token = mailbox.link(verification, '/verify/').split('/verify/')[1]!;
  expect((await user.patch(`/api/users/verifyUser/${token}`)).ok()).toBe(true);
}

/** Uploads identity documents as `user`, and staff approve them. */
export async function passKyc(user: APIRequestContext, staff: APIRequestContext, userId: string): Promise<void> {
  const uploaded = await user.post('/api/users/uploadKycDocuments', {
    multipart: { front: { name: 'front.png', mimeType: 'image/png', buffer: KYC_PNG }, back: { name: 'back.png', mimeType: 'image/png', buffer: KYC_PNG } },
  });
  expect(uploaded.ok()).toBe(true);
  const pending = (await (await staff.get('/api/users/kyc/pending?limit=500')).json()) as PendingKycList;
  const submission = pending.pendingUsers.find((item) => item._id === userId)!;
  expect((await staff.patch(`/api/users/kyc/${userId}/approve`, { data: { submissionId: submission.submissionId } })).ok()).toBe(true);
}

/** Register, verify the email from the mailbox, upload KYC, staff approves: ready for money. Returns the user id. */
export async function readyUser(user: APIRequestContext, staff: APIRequestContext, email: string, name: string): Promise<string> {
  const registered = await user.post('/api/users/register', { data: { name, email, password: 'Passw0rd!', phone: '+14155550100', country: 'US' } });
  expect(registered.status()).toBe(201);
  const userId = ((await registered.json()) as UserView)._id;
  await verifyEmailFromMailbox(user, email);
  await passKyc(user, staff, userId);
  return userId;
}

/** The e2e suite's EVM node (global setup) and its USD-pegged token. */
export const chain = {
  url: () => process.env.E2E_EVM_URL ?? '',
  usdt: () => (process.env.E2E_USDT ?? '') as `0x${string}`,
};

/** Saves screenshots of the page at phone (390 px) and desktop (1366 px) widths. */
export async function screenshotWidths(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshot(page, `${name}-${width}`);
  }
}

export const test = base;
export { expect };
