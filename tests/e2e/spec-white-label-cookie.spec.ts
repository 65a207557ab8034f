import { expect, test } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';

const cookie = async (context: BrowserContext, name: string) => (await context.cookies()).find((found) => found.name === name);

test('the login page keeps TARGET in targetLC and its brand in WL_KEY for one day', async ({ page, context }) => {
  await page.goto('/app/summit/login?SMQUERYDATA=q&TARGET=%2Fapps%2Fhome%3FfromPage%3Dx');
  await expect.poll(async () => (await cookie(context, 'WL_KEY'))?.value).toBe('summit');
  const expires = (await cookie(context, 'WL_KEY'))?.expires ?? 0;
  expect(expires * 1000 - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
  expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(86_400_000);
  expect(await cookie(context, 'targetLC')).toMatchObject({ value: '%2Fapps%2Fhome%3FfromPage%3Dx', path: '/' });
});

test('a returning visitor who opens the site root lands on their own brand login', async ({ page, context }) => {
  await page.goto('/app/harbor/login?SMQUERYDATA=q');
  await expect.poll(async () => (await cookie(context, 'WL_KEY'))?.value).toBe('harbor');
  await page.goto('/?SMQUERYDATA=abc');
  await expect(page).toHaveURL(/\/app\/harbor\/login\?SMQUERYDATA=abc$/);
});

test('a white-label cookie naming no shipped brand is not followed', async ({ page, context, baseURL }) => {
  for (const value of ['acme', '..%2Fapps', 'SUMMIT']) {
    await context.addCookies([{ name: 'WL_KEY', value, url: baseURL ?? '' }]);
    await page.goto('/?SMQUERYDATA=abc');
    await expect(page, value).toHaveURL(/\/app\/nxn\/login\?SMQUERYDATA=abc$/);
  }
});

test('on a static host the root page follows the white-label cookie too, to shipped brands only', async ({ page, context, baseURL }) => {
  // dist/index.html is what a plain static host serves for /; the bundled server answers / itself.
  await context.addCookies([{ name: 'WL_KEY', value: 'brightpath529', url: baseURL ?? '' }]);
  await page.goto('/index.html?SMQUERYDATA=keep#top');
  await expect(page).toHaveURL(/\/app\/brightpath529\/login\?SMQUERYDATA=keep#top$/);
  await context.addCookies([{ name: 'WL_KEY', value: 'acme', url: baseURL ?? '' }]);
  await page.goto('/index.html?SMQUERYDATA=keep');
  await expect(page).toHaveURL(/\/app\/nxn\/login\?SMQUERYDATA=keep$/);
});

test('on a static host the root page follows the language cookie too, keeping SiteMinder\'s query with fromPage', async ({ page, context, baseURL }) => {
  const query = '?SMQUERYDATA=keep&TARGET=%2Fapps%2Fhome&fromPage=FPS';
  await context.addCookies([{ name: 'WL_KEY', value: 'brightpath529', url: baseURL ?? '' }, { name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: baseURL ?? '' }]);
  await page.goto(`/index.html${query}`);
  await expect(page).toHaveURL(`${baseURL ?? ''}/de-DE/app/brightpath529/login${query}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  // A language that is not available leaves the visitor on the default language.
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: 'fr_FR', url: baseURL ?? '' }]);
  await page.goto(`/index.html${query}`);
  await expect(page).toHaveURL(`${baseURL ?? ''}/app/brightpath529/login${query}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});
