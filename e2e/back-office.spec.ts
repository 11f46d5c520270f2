import type { Page } from '@playwright/test';
import { expect, openStaffPage, readyUser, screenshot, test, uniqueEmail } from './fixtures';

/** Screenshots of the page at phone, small desk and desk widths (test-results/screenshots). */
async function shots(page: Page, name: string, ready: () => Promise<void>) {
  for (const [width, height] of [[390, 844], [1024, 768], [1366, 900]] as const) {
    await page.setViewportSize({ width, height });
    await ready();
    await screenshot(page, `${name}-${width}`);
  }
}

test('the back office at desk width: the users table with its row menu, cards on phones, the audit log as sentences', async ({ browser }) => {
  const marker = Date.now().toString(36);
  const email = uniqueEmail('kenji');
  const name = `Kenji Watanabe-Okonkwo ${marker}`;
  const { context, page } = await openStaffPage(browser);
  const userContext = await browser.newContext();
  await readyUser(userContext.request, page.request, email, name);
  const created = await userContext.request.post('/api/payments/create', { data: { amount: 750 } });
  expect(created.status()).toBe(201);
  const transactionId = ((await created.json()) as { transaction: { transactionId: string } }).transaction.transactionId;
  expect((await page.request.patch('/api/payments/confirmPayment', { data: { transactionId } })).ok()).toBe(true);
  await userContext.close();

  // 1366 px: a table with the full name, the actions in the row's menu, Delete behind the confirm dialog.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  const table = page.getByRole('table', { name: 'Users' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('rowheader')).toHaveText(name);
  await expect(row).toContainText('$750.00');
  await expect(page.getByTestId('user-card')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Edit wallet balance' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Delete user…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this user?' });
  await expect(confirm).toContainText(`${name} (${email}) loses access`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // Sorted by the server: by name, then the other way round.
  await page.goto('/admin/users');
  await table.getByRole('button', { name: 'Name' }).click();
  await expect(table.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await table.getByRole('rowheader').allTextContents();
  expect(ascending.length).toBeGreaterThan(1);
  await table.getByRole('button', { name: 'Name' }).click();
  await expect(table.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await table.getByRole('rowheader').allTextContents())[0]).not.toBe(ascending[0]);

  // 390 px: cards, the name cut at 12 characters.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  const card = page.getByTestId('user-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading')).toHaveText('Kenji Watana…');
  await expect(page.getByRole('table')).toHaveCount(0);
  await shots(page, 'back-office-users', () => expect(page.getByText(email).first()).toBeVisible());

  // The audit log: the confirmed deposit as a sentence, the owner linked, the raw record behind its toggle.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/audit?targetId=${transactionId}`);
  const entry = page.getByTestId('audit-entry').first();
  await expect(entry.locator('p').first()).toContainText(`confirmed deposit ${transactionId} of $750.00 for ${name}`);
  await expect(entry.getByRole('link', { name })).toHaveAttribute('href', `/admin/users?search=${encodeURIComponent(email)}`);
  const raw = entry.locator('pre');
  await expect(raw).toBeHidden();
  await entry.getByText('Raw record').click();
  await expect(raw).toBeVisible();
  await expect(raw).toContainText(`"targetId": "${transactionId}"`);
  await entry.getByRole('link', { name }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('rowheader')).toHaveText(name);

  await page.goto('/admin/audit');
  await shots(page, 'back-office-audit', () => expect(page.getByTestId('audit-entry').first()).toBeVisible());
  await context.close();
});
