import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { engageIslands } from './support/hydration.ts';

/** Changes jdoe's password on the change-password page; a wrong current password has SiteMinder refuse it. */
async function changePassword(page: Page, current: string): Promise<void> {
  await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N');
  await page.getByLabel('Temporary or current password').fill(current);
  await page.getByLabel('New password', { exact: true }).fill('Winter#2027x');
  await page.getByLabel('Confirm new password').fill('Winter#2027x');
  await page.getByRole('button', { name: 'Change password' }).click();
}

/**
 * The toast, sampled while it would show: it opens as soon as its island runs and stays 10 s, so once the
 * island has hydrated (Astro drops its `ssr` attribute) any toast is on screen in the samples that follow.
 * The island wakes at once only when the page's query and session call for the toast; every other island
 * is engaged here too, so a toast that should not show is looked for with the island running all the same.
 */
async function toastSightings(page: Page): Promise<number> {
  await engageIslands(page);
  await expect(page.locator('astro-island[component-url*="SuccessToast"]:not([ssr])')).toBeAttached();
  let seen = 0;
  for (let sample = 0; sample < 6; sample += 1) {
    seen += await page.getByTestId('success-toast').count();
    await page.clock.runFor(500);
  }
  return seen;
}

test('a refused password change leaves no success toast on login, not even after SiteMinder\'s success address', async ({ page }) => {
  await page.clock.install();
  await changePassword(page, 'Not#TheRightOne1');
  await expect(page).toHaveURL(/SMPWERR=ISB_PASSVAL01/);
  await expect(page.getByRole('alert')).toContainText('The User ID or the temporary password is not correct.');
  await page.goto('/app/nxn/login?SMQUERYDATA=q&fromPage=FPS');
  expect(await toastSightings(page)).toBe(0);
  await page.goto('/app/nxn/login?SMQUERYDATA=q');
  expect(await toastSightings(page)).toBe(0);
});

test('a change posted but never answered shows no toast on a later plain visit to login', async ({ page }) => {
  await page.clock.install();
  await page.goto('/app/nxn/sorry');
  // What the change-password page leaves as it posts: the toast waits for SiteMinder's success redirect.
  await page.evaluate(() => sessionStorage.setItem('portal.passwordReset', '1'));
  await page.goto('/app/nxn/login?SMQUERYDATA=q');
  expect(await toastSightings(page)).toBe(0);
  // The same mark with SiteMinder's success address does show it: the samples above could have seen it.
  await page.evaluate(() => sessionStorage.setItem('portal.passwordReset', '1'));
  await page.goto('/app/nxn/login?SMQUERYDATA=q&fromPage=FPS');
  expect(await toastSightings(page)).toBeGreaterThan(0);
});
