import { expect, skipSplash, test } from './fixtures';

test('the splash shows for about three seconds at start, then the app', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('splash')).toBeVisible();
  await expect(page.getByTestId('splash')).toBeHidden({ timeout: 6_000 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('deep links load the app and unknown routes show the 404 page', async ({ page }) => {
  await skipSplash(page);
  await page.goto('/definitely-not-a-page');
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('guarded pages send visitors to /login', async ({ page }) => {
  await skipSplash(page);
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/login$/);
});
