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

for (const { language, path, first, last, email, tooLong } of [
  { language: 'en-US', path: '/self-service/nxn/fuid', first: 'First name', last: 'Last name', email: 'E-mail address', tooLong: 'enter valid first name (at most 100 characters)' },
  { language: 'de-DE', path: '/de-DE/self-service/nxn/fuid', first: 'Vorname', last: 'Nachname', email: 'E-Mail-Adresse', tooLong: 'Bitte einen gültigen Vornamen eingeben (höchstens 100 Zeichen)' },
]) {
  test(`a name over 100 characters is said, never cut; blanks a paste brings at either end are dropped (${language})`, async ({ page }) => {
    await page.goto(path);
    await islandsHydrated(page);
    const firstName = page.getByLabel(first);
    const long = `Maximiliane ${'Theodora '.repeat(11)}von Hohenberg`;
    expect(long.length).toBeGreaterThan(100);
    await firstName.focus();
    await page.keyboard.insertText(long);
    await firstName.blur();
    await expect(firstName).toHaveValue(long);
    await expect(page.getByText(tooLong)).toBeVisible();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('button[type="submit"]')).toBeDisabled();
    // Shortened by the visitor, the name passes; the blanks pasted around the others are not part of them.
    await firstName.fill('Maximiliane');
    for (const [field, pasted] of [[last, ' von Hohenberg '], [email, ' max.hohenberg@example.com ']] as const) {
      await page.getByLabel(field).focus();
      await page.keyboard.insertText(pasted);
    }
    await page.getByLabel(email).blur();
    await expect(page.locator('.field__error')).toHaveCount(0);
    const lookup = page.waitForRequest((request) => request.url().endsWith('/portal-login-service/public/fuid/lookup'));
    await page.locator('button[type="submit"]').click();
    expect((await lookup).postDataJSON()).toEqual({ firstName: 'Maximiliane', lastName: 'von Hohenberg', emailId: 'max.hohenberg@example.com' });
  });
}

test('a user id pasted with blanks at either end is taken without them; blanks inside and over 100 characters are said', async ({ page }) => {
  await page.goto('/self-service/nxn/fps');
  await islandsHydrated(page);
  const userId = page.getByLabel('User ID');
  await userId.focus();
  await page.keyboard.insertText('x'.repeat(101));
  await userId.blur();
  await expect(userId).toHaveValue('x'.repeat(101));
  await expect(page.getByText('enter valid userId (at most 100 characters)')).toBeVisible();
  await userId.fill('');
  await page.keyboard.insertText('no body');
  // The spec's text, then how to mend it (WCAG 3.3.3).
  await expect(page.getByText('enter valid userId Please enter it without spaces.', { exact: true })).toBeVisible();
  await userId.fill('');
  await page.keyboard.insertText(' nobody.here\t');
  await expect(page.locator('.field__error')).toHaveCount(0);
  const auth = page.waitForRequest((request) => request.url().endsWith('/portal-login-service/public/fps/auth'));
  await page.getByRole('button', { name: 'Continue' }).click();
  expect(((await auth).postDataJSON() as { userId: string }).userId).toBe('nobody.here');
});
