import { expect, test } from '@playwright/test';

// The shipped nginx config (scripts/deploy/portal.nginx.conf) follows the white-label cookie on `/`.

test('nginx sends the site root to the brand of the last login page visited', async ({ page, context }) => {
  await page.goto('/app/summit/login?SMQUERYDATA=q');
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'WL_KEY')?.value).toBe('summit');
  await page.goto('/?SMQUERYDATA=abc');
  await expect(page).toHaveURL(/\/app\/summit\/login\?SMQUERYDATA=abc$/);
});

test('nginx ignores a white-label cookie naming no shipped brand', async ({ page, context, baseURL }) => {
  for (const value of ['acme', '..%2Fapps']) {
    await context.addCookies([{ name: 'WL_KEY', value, url: baseURL ?? '' }]);
    await page.goto('/?SMQUERYDATA=abc');
    await expect(page, value).toHaveURL(/\/app\/nxn\/login\?SMQUERYDATA=abc$/);
  }
});
