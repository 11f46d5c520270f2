import { expect, openStaffPage, screenshot, signIn, skipSplash, test, uniqueEmail } from './fixtures';

test("an admin asks to demote another admin; a third admin approves it (four eyes, issue 39)", async ({ browser }) => {
  const { context, page } = await openStaffPage(browser);
  const people = [uniqueEmail('asking-admin'), uniqueEmail('target-admin')].map((email, index) => ({ email, name: `${index ? 'Target' : 'Asking'} Admin ${Date.now().toString(36)}` }));
  for (const person of people) {
    // Registering signs the new user in: in a context of its own, not the admin's.
    const own = await browser.newContext();
    const registered = await own.request.post('/api/users/register', { data: { ...person, password: 'Passw0rd!', phone: '+14155550100', country: 'US' } });
    expect(registered.status()).toBe(201);
    await own.close();
    const found = await page.request.get(`/api/users/getUsers?search=${encodeURIComponent(person.email)}`);
    const id = (await found.json()).users[0]._id as string;
    expect((await page.request.post('/api/users/upgradeUser', { data: { id, role: 'admin' } })).status()).toBe(200);
  }
  const [asking, target] = people as [(typeof people)[0], (typeof people)[0]];

  // The asking admin records the demotion from the Users tab on a phone (cards; the desk-width table has the same actions): the target stays admin.
  const askingContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const askingPage = await askingContext.newPage();
  await skipSplash(askingPage);
  await signIn(askingPage.request, asking.email, 'Passw0rd!');
  await askingPage.goto('/admin/users');
  await askingPage.getByRole('searchbox', { name: 'Search users by name or email' }).fill(target.email);
  const card = askingPage.getByTestId('user-card').filter({ hasText: target.email });
  await expect(card.getByText(/another admin, neither you nor them/)).toBeVisible();
  await card.getByLabel(`New role for ${target.name}`).selectOption('author');
  await card.getByRole('button', { name: /Ask for role change/ }).click();
  await askingPage.getByRole('dialog', { name: 'Ask for a role change?' }).getByRole('button', { name: 'Ask for role change' }).click();
  await expect(askingPage.getByText(`Recorded: another admin (not you, not ${target.name}) must approve this role change`).first()).toBeVisible();
  await expect(card.locator('span').filter({ hasText: /^admin$/ })).toBeVisible();
  await askingContext.close();

  // The third admin approves it on the approvals page.
  await page.goto('/admin/approvals');
  const item = page.getByRole('listitem').filter({ hasText: target.email });
  await expect(item.getByText('Change to author')).toBeVisible();
  await screenshot(page, 'admin-approvals-role');
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved and carried out').first()).toBeVisible();
  const after = await page.request.get(`/api/users/getUsers?search=${encodeURIComponent(target.email)}`);
  expect((await after.json()).users[0].role).toBe('author');
  await context.close();
});
