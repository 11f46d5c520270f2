import type { Browser } from '@playwright/test';
import { expect, screenshotWidths, skipSplash, test } from './fixtures';

/** A first visit to the home page from a browser set to `locale`: the page speaks `language`. */
async function firstVisit(browser: Browser, locale: string, language: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await skipSplash(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  return { context, page };
}

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
  const { context, page } = await firstVisit(browser, 'pt-BR', 'pt-BR');
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Central de ajuda' })).toBeVisible();
  await context.close();
});

test('a German visitor sees the home page and the FAQ in German', async ({ browser }) => {
  const { context, page } = await firstVisit(browser, 'de-DE', 'de');
  const hero = page.getByRole('region', { name: /Investieren mit/ });
  await expect(hero.getByRole('heading', { level: 1 })).toContainText('Investieren mit');
  await expect(hero.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Einfache Produkte, vollständig offengelegt' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Schützen Sie sich vor Betrügern' })).toBeVisible();

  // The sections below the fold load as the visitor nears them.
  await page.getByRole('heading', { name: 'Vaultline in Zahlen' }).scrollIntoViewIfNeeded();
  const faq = page.locator('#faq');
  await faq.scrollIntoViewIfNeeded();
  await expect(faq.getByRole('heading', { name: 'Häufig gestellte Fragen' })).toBeVisible();
  await faq.getByRole('button', { name: 'Wie viele Wallets kann ich verbinden?' }).click();
  await expect(faq.getByTestId('faq-answer')).toContainText('Sie können zwei Wallets gleichzeitig verbinden.');
  await faq.getByRole('button', { name: 'Wie erreiche ich den Support?' }).click();
  // One answer open at a time: the previous one closes as the next opens.
  await expect(faq.getByTestId('faq-answer')).toHaveCount(1);
  await expect(faq.getByTestId('faq-answer')).toContainText('Support erhalten Sie über das Formular im Hilfe-Center');
  await screenshotWidths(page, 'i18n-home-de');
  await context.close();
});
