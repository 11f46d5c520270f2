import { expect, screenshotWidths, skipSplash, test } from './fixtures';

test('switching to Español in the footer translates the navigation, form messages and <html lang>, and survives a reload', async ({ page }) => {
  await skipSplash(page);
  await page.goto('/login');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Help Center' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('contentinfo').getByLabel('Language').selectOption('es');

  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const navEs = page.getByRole('navigation', { name: 'Principal' });
  await expect(navEs.getByRole('link', { name: 'Centro de ayuda' })).toBeVisible();
  await expect(navEs.getByRole('link', { name: 'Planes de cartera' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bienvenido de nuevo' })).toBeVisible();

  // The shared schema's English message, translated where it is shown.
  await page.getByLabel('Correo electrónico').fill('not-an-email');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText('Introduce un correo electrónico válido').first()).toBeVisible();
  await screenshotWidths(page, 'i18n-login-es');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Centro de ayuda' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByLabel('Idioma')).toHaveValue('es');
});

test('the browser language is used at first', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Central de ajuda' })).toBeVisible();
  await context.close();
});
