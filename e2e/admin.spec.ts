import { admin, expect, mailbox, openStaffPage, screenshot, test, uniqueEmail } from './fixtures';

test('admin searches a user, changes the role, impersonates and exits, and composes an email', async ({ browser }) => {
  const email = uniqueEmail('managed');
  const name = `Managed Person ${Date.now().toString(36)}`;
  const userContext = await browser.newContext();
  const registered = await userContext.request.post('/api/users/register', {
    data: { name, email, password: 'Passw0rd!', phone: '+14155550100', country: 'US' },
  });
  expect(registered.status()).toBe(201);
  await userContext.close();

  const { context, page } = await openStaffPage(browser);

  // Search (on a phone: cards with their actions; the desk-width table is back-office.spec.ts's)
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill(email);
  const card = page.getByTestId('user-card').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('user-card')).toHaveCount(1);
  await expect(card.locator('span').filter({ hasText: /^subscriber$/ })).toBeVisible();

  // Role change: refused without a role, confirmed with one, emailed to the user
  await card.getByRole('button', { name: /Change role/ }).click();
  await expect(page.getByText('Please select a role').first()).toBeVisible();
  await card.getByLabel(`New role for ${name}`).selectOption('author');
  await card.getByRole('button', { name: /Change role/ }).click();
  await page.getByRole('dialog', { name: 'Change role?' }).getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText('User role updated to author').first()).toBeVisible();
  await expect(card.locator('span').filter({ hasText: /^author$/ })).toBeVisible();
  await mailbox.waitFor(email, /role has changed/i);
  await screenshot(page, 'admin-users');

  // Impersonate: the server's message in an in-app dialog (never the browser's alert), then the page reloads into the user's view
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await card.getByRole('button', { name: /Impersonate/ }).click();
  const started = page.getByRole('dialog', { name: 'Impersonation started' });
  await expect(started).toContainText(name);
  await screenshot(page, 'admin-impersonation-dialog');
  await started.getByRole('button', { name: 'Continue to their view' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  expect(browserDialogs).toEqual([]);
  await expect(page.getByText(`You are viewing ${name}'s account`, { exact: false })).toBeVisible();
  const viewed = await (await page.request.get('/api/users/getUser')).json();
  expect(viewed).toMatchObject({ email, isImpersonated: true });
  // Read-only while impersonating
  expect((await page.request.patch('/api/users/updateUser', { data: { name: 'Changed' } })).status()).toBe(403);

  // Exit returns to the admin's own session
  await page.getByRole('button', { name: 'Exit Impersonation' }).click();
  await expect(page).toHaveURL(/\/user-profile$/);
  const back = await (await page.request.get('/api/users/getUser')).json();
  expect(back).toMatchObject({ email: admin.email(), isImpersonated: false });

  // Compose an email that reaches the SMTP sink
  await page.goto('/compose-email');
  await page.getByLabel('Send to').fill(email);
  await page.getByLabel('Reply to').fill('desk@vaultline.test');
  const subject = `Hello from support ${Date.now().toString(36)}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('First paragraph.\n\nSecond paragraph.');
  await page.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByText('Email sent successfully!').first()).toBeVisible();
  const mail = await mailbox.waitFor(email, new RegExp(subject));
  expect(mail.text).toContain('Second paragraph.');

  // The actions are in the audit log, as sentences
  await page.goto('/admin/audit');
  const entries = page.getByTestId('audit-entry');
  await expect(entries.filter({ hasText: `changed the role of ${name} from subscriber to author` }).first()).toBeVisible();
  await expect(entries.filter({ hasText: `started impersonating ${name}` }).first()).toBeVisible();
  await expect(entries.filter({ hasText: `sent an email to ${email}: “${subject}”` }).first()).toBeVisible();
  await context.close();
});
