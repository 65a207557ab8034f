import { expect, test } from '@playwright/test';
import { islandsHydrated } from './support/hydration.ts';

// spec 5: names are required, at most 100 characters and free of asterisks; nothing else is refused.
test("O'Brien, Jr. reaches the forgot-user lookup with the name as typed", async ({ page }) => {
  await page.goto('/self-service/nxn/fuid');
  await islandsHydrated(page);
  await page.getByLabel('First name').fill("Seán O'Brien");
  await page.getByLabel('Last name').fill('Scriptorius, Jr.');
  await page.getByLabel('E-mail address').fill('sean.obrien@example.com');
  await expect(page.getByText('enter valid first name')).toHaveCount(0);
  await expect(page.getByText('enter valid last name')).toHaveCount(0);
  const lookup = page.waitForRequest((request) => request.url().endsWith('/portal-login-service/public/fuid/lookup'));
  await page.getByRole('button', { name: 'Continue' }).click();
  const sent = await lookup;
  // Sent as JSON, so the apostrophe and comma need no refusing to travel safely.
  expect(sent.postDataJSON()).toEqual({ firstName: "Seán O'Brien", lastName: 'Scriptorius, Jr.', emailId: 'sean.obrien@example.com' });
  const answer = await sent.response();
  // The emulator checks the body with the contract's schema: a refused name would be a 400, an unknown person is not.
  expect(answer?.status()).not.toBe(400);
  await expect(page.getByRole('alert')).toHaveText('We could not find an account with these details. Please check them and try again.');
});

test('a name with an asterisk is still refused', async ({ page }) => {
  await page.goto('/self-service/nxn/fuid');
  await islandsHydrated(page);
  const first = page.getByLabel('First name');
  await first.fill('Jo*hn');
  await first.blur();
  await expect(page.getByText('enter valid first name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
});
