import type { Settings } from '@app/shared';
import { expect, openStaffPage, screenshotWidths, skipSplash, test, uniqueEmail } from './fixtures';

test('home: a visitor is offered to open an account or sign in', async ({ page }) => {
  await skipSplash(page);
  await page.goto('/');
  const hero = page.getByRole('region', { name: /Invest with/ });
  await expect(hero.getByRole('link', { name: 'Open an account' })).toHaveAttribute('href', '/register');
  await expect(hero.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(hero.getByRole('link', { name: 'Go to dashboard' })).toHaveCount(0);
  await screenshotWidths(page, 'home-visitor');
  await hero.getByRole('link', { name: 'Open an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('home: someone signed in goes to the dashboard instead of signing in', async ({ page }) => {
  await skipSplash(page);
  const registered = await page.request.post('/api/users/register', {
    data: { name: 'Home Visitor', email: uniqueEmail('home'), password: 'Passw0rd!', phone: '+14155550123', country: 'France' },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/');
  const hero = page.getByRole('region', { name: /Invest with/ });
  await expect(hero.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/my-account');
  await expect(hero.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(hero.getByRole('link', { name: 'Open an account' })).toHaveCount(0);
  await screenshotWidths(page, 'home-signed-in');
  await hero.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
});

test('an unknown page answers 404 and shows the not-found page; known ones 200; unknown API paths a JSON 404', async ({ page, request }) => {
  await skipSplash(page);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
  await screenshotWidths(page, 'not-found');
  for (const url of ['/', '/Hierarchy', '/transaction-History', '/verify/abc123', '/investment/abc']) {
    expect((await request.get(url)).status(), url).toBe(200);
  }
  const api = await request.get('/api/unknown');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ message: 'Route GET /api/unknown not found' });
});

test('settings: the form refuses javascript:; the footer and /support show only the social links and operator identity an admin set', async ({ browser }) => {
  const { context, page } = await openStaffPage(browser);
  const before = (await (await page.request.get('/api/admin/settings')).json()) as Settings;
  try {
    await page.goto('/admin/settings');
    const chart = page.getByLabel('Chart service URL');
    await chart.fill('javascript:alert(1)');
    let saves = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/api/admin/settings')) saves += 1;
    });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The chart service address must be an https:// URL')).toBeVisible();
    await expect(chart).toHaveAttribute('aria-invalid', 'true');
    expect(saves).toBe(0);
    await screenshotWidths(page, 'settings-refused');

    await chart.fill('');
    await page.getByLabel('Facebook page').fill('https://www.facebook.com/vaultline');
    await page.getByLabel('WhatsApp').fill('+1 555 010 0123');
    await page.getByLabel('Legal name').fill('Vaultline Markets Ltd');
    await page.getByLabel('Registered address').fill('1 Example Street, London EC1A 1AA');
    await page.getByLabel('Registration number').fill('12345678');
    await page.getByLabel('Regulator').fill('Financial Conduct Authority');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByLabel('WhatsApp')).toHaveValue('https://wa.me/15550100123');

    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const home = await visitor.newPage();
    await skipSplash(home);
    await home.goto('/support');
    const social = home.getByRole('list', { name: 'Social and contact' });
    await expect(social.getByRole('link')).toHaveCount(2);
    await expect(social.getByRole('link', { name: 'Vaultline on Facebook' })).toHaveAttribute('href', 'https://www.facebook.com/vaultline');
    await expect(social.getByRole('link', { name: 'Chat with Vaultline on WhatsApp' })).toHaveAttribute('href', 'https://wa.me/15550100123');
    await expect(home.getByTestId('operator-identity')).toHaveText(
      'Operator: Vaultline Markets Ltd · 1 Example Street, London EC1A 1AA · Registration number 12345678 · Regulated by Financial Conduct Authority',
    );
    const operator = home.getByRole('region', { name: 'Who runs this service' });
    await expect(operator.getByText('Financial Conduct Authority')).toBeVisible();
    await screenshotWidths(home, 'support-with-operator');
    await home.locator('footer').scrollIntoViewIfNeeded();
    for (const width of [390, 1366]) {
      await home.setViewportSize({ width, height: 900 });
      await home.locator('footer').screenshot({ path: `test-results/screenshots/footer-${width}.png` });
    }
    await visitor.close();
  } finally {
    // Other specs expect a fresh install's footer and support page.
    const restored = await page.request.put('/api/admin/settings', { data: { social: before.social, operator: before.operator, chartServiceUrl: before.chartServiceUrl } });
    expect(restored.ok()).toBe(true);
    await context.close();
  }
});
