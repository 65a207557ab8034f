import { expect, test } from '@playwright/test';
import { RecoveryPage } from './support/recovery-page.ts';
import { LoginPage } from './support/login-page.ts';
import { ChangePasswordPage } from './support/change-password-page.ts';
import { islandsHydrated } from './support/hydration.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { ODD_INPUT, pwned, watch } from './support/hostile.ts';

// What an attacker or a broken backend can throw at the pages. Every case ends in a clear message
// and a page that still works: no script of theirs runs, nothing crashes, nothing secret leaks.
// This half: hostile input (query parameters, addresses, redirects, odd field values); the backend half is
// hostile-backend.spec.ts. Own origin and emulator (project "hostile-input").
freshEmulatorForEachTest();

const SCRIPTS = [
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  "javascript:window.__pwned=1",
  "'-window.__pwned=1-'",
];
const QUERY_PARAMETERS = [
  'SMQUERYDATA', 'SMUSRMSG', 'TARGET', 'SMAUTHREASON', 'SMAUTHSTATUS', 'fromPage', 'FTUF', 'uid', 'uti', 'SMPWERR',
  'forgetUserIdRedirect', 'fpsRedirect', 'BGTARGET', 'postpreservationdata', 'lang',
];
const PAGES = [
  '/app/nxn/login', '/de-DE/app/nxn/login', '/app/nxn/sorry', '/app/nxn/logout', '/app/nxn/systemRequirements', '/app/nxn/cookiePolicy',
  '/app/nxn/pageNotFound', '/self-service/nxn/fps', '/self-service/nxn/fuid', '/self-service/nxn/fps-self-change-pw',
];

test('script in every query parameter of every page type never runs and never breaks the page', async ({ page }) => {
  // Not a sleep: this one test loads 40 pages, so it gets a longer time limit than the default 30 s.
  test.setTimeout(90_000);
  const problems = watch(page);
  for (const path of PAGES) {
    for (const script of SCRIPTS) {
      const query = new URLSearchParams(QUERY_PARAMETERS.map((name) => [name, script]));
      await page.goto(`${path}?${query.toString()}`);
      await expect(page.getByRole('heading', { level: 1 }), `${path} with ${script}`).toBeVisible();
      // The login form still validates and shows its own text, never the parameter.
      expect(await pwned(page), `${path} with ${script}`).toBeUndefined();
      expect(await page.locator('body').innerText(), `${path} with ${script}`).not.toContain('__pwned');
    }
  }
  expect(problems).toEqual([]);
});

test('script in an unknown address is shown as text on the page-not-found page', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/app/nxn/%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D1%3E');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  expect(await pwned(page)).toBeUndefined();
  expect(problems).toEqual([]);
});

test('TARGET pointing anywhere else never takes a signed-in user off this site', async ({ page, baseURL }) => {
  const login = new LoginPage(page);
  for (const target of ['https://evil.example/steal', '//evil.example', 'javascript:alert(1)', '%2F%2Fevil.example', '/\\evil.example', 'https:evil.example']) {
    await page.goto(`/app/nxn/login?SMQUERYDATA=x&TARGET=${encodeURIComponent(target)}`);
    await login.logIn('jdoe', 'Summer#2026');
    await expect(login.signedIn('jdoe'), target).toBeVisible();
    expect(new URL(page.url()).origin, target).toBe(new URL(baseURL ?? '').origin);
    await page.context().clearCookies();
  }
});

test('Cancel never follows a forgetUserIdRedirect to another site, in any encoding', async ({ page, baseURL }) => {
  const problems = watch(page);
  for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:window.__pwned=1', 'JaVaScRiPt:window.__pwned=1', '%2F%2Fevil.example', ' https://evil.example', 'data:text/html,x']) {
    await page.goto(`/self-service/nxn/fuid?forgetUserIdRedirect=${encodeURIComponent(hostile)}`);
    // Cancel is a button of the island: it acts once hydrated.
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page, hostile).toHaveURL(/\/app\/nxn\/login\?SMQUERYDATA=/);
    expect(new URL(page.url()).origin, hostile).toBe(new URL(baseURL ?? '').origin);
    expect(await pwned(page)).toBeUndefined();
  }
  expect(problems).toEqual([]);
});

test('odd input in the login fields gets a field message, and the page keeps working', async ({ page }) => {
  const login = new LoginPage(page);
  const problems = watch(page);
  await page.goto('/app/nxn/login?SMQUERYDATA=odd');
  // The loop reads the button's state as it is now, which only means something once the island runs.
  await islandsHydrated(page);
  const userId = page.getByLabel('User ID');
  const password = login.password;
  for (const [kind, value] of Object.entries(ODD_INPUT)) {
    await userId.fill(value);
    await password.fill('Summer#2026');
    // Log In stays disabled while a field is invalid; a value the field accepts goes to the service.
    const logIn = login.logInButton;
    if (await logIn.isEnabled()) await logIn.click();
    // A field message, or (for 10 000 letters, which the 100-character field keeps the first 100 of) the
    // service's refusal as the login banner.
    await expect(page.getByText(/^(Please enter valid userId Use only letters, digits and the characters @ \. _ - \(at most 100\)\.|Please enter without spaces)$/).or(page.getByRole('alert')).first(), kind).toBeVisible();
    await expect(page, kind).toHaveURL(/\/app\/nxn\/login/);
  }
  // A password over 128 characters is never cut: it stays whole and the form says why it cannot go.
  await userId.fill('jdoe');
  await password.fill('P#1'.repeat(70));
  await password.blur();
  await expect(page.getByText('Passwords can have at most 128 characters.')).toBeVisible();
  await expect(login.logInButton).toBeDisabled();
  expect((await password.inputValue()).length).toBe(210);
  await password.fill('Summer#2026');
  await login.logInButton.click();
  await expect(login.signedIn('jdoe')).toBeVisible();
  expect(problems).toEqual([]);
});

test('odd input in the password fields of login and change password is refused clearly, and the right password still works', async ({ page }) => {
  const changePassword = new ChangePasswordPage(page);
  const login = new LoginPage(page);
  const problems = watch(page);
  await page.goto('/app/nxn/login?SMQUERYDATA=odd');
  await islandsHydrated(page);
  for (const [kind, value] of Object.entries(ODD_INPUT)) {
    await login.fillCredentials('jdoe', value);
    await login.password.blur();
    const logIn = login.logInButton;
    if (await logIn.isEnabled()) {
      await logIn.click();
      await expect(page.getByRole('alert'), kind).toHaveText('Invalid Credentials');
    } else {
      await expect(page.locator('.field__error').first(), kind).toBeVisible();
    }
    await expect(page, kind).toHaveURL(/\/app\/nxn\/login/);
  }
  await login.logIn('jdoe', 'Summer#2026');
  await expect(login.signedIn('jdoe')).toBeVisible();

  await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N');
  await islandsHydrated(page);
  const change = changePassword.submitButton;
  for (const [kind, value] of Object.entries(ODD_INPUT)) {
    await changePassword.fill('Summer#2026', value);
    // The checklist says which rule is not met; the form does not go.
    await expect(changePassword.unmetRules.first(), kind).toBeVisible();
    await expect(change, kind).toBeDisabled();
  }
  // A password with unicode, an RTL override and a control character that meets every rule is taken as it is.
  const unusual = `Zoë#1\u202E\u0007${'x'.repeat(4)}`;
  await changePassword.fillNew(unusual);
  await changePassword.submit();
  await expect(page).toHaveURL(/\/apps\/home/);
  // Kept whole: after signing out, exactly that password signs in.
  await page.goto('/login/logout.html');
  await page.goto('/app/nxn/login?SMQUERYDATA=odd');
  await login.logIn('jdoe', unusual);
  await expect(login.signedIn('jdoe')).toBeVisible();
  expect(problems).toEqual([]);
});

test('odd input in the recovery fields gets a clear message, and the flow still works after', async ({ page }) => {
  const recovery = new RecoveryPage(page);
  const problems = watch(page);
  await page.goto('/self-service/nxn/fps');
  await islandsHydrated(page);
  const userId = page.getByLabel('User ID');
  for (const [kind, value] of Object.entries(ODD_INPUT)) {
    await userId.fill(value);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    if (await continueButton.isEnabled()) {
      await continueButton.click();
      await expect(page.getByRole('alert'), kind).toHaveText('We could not find a way to verify this User ID. Please check it and try again.');
    } else {
      await expect(page.locator('.field__error').first(), kind).toBeVisible();
    }
  }
  await page.goto('/self-service/nxn/fuid');
  for (const [kind, value] of Object.entries(ODD_INPUT)) {
    await page.getByLabel('First name').fill(value);
    await page.getByLabel('Last name').fill(value);
    await page.getByLabel('E-mail address').fill(`${value}@example.com`);
    await page.getByLabel('E-mail address').blur();
    await expect(page.locator('.field__error').first(), kind).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' }), kind).toBeDisabled();
  }
  // The same page still recovers the user id with good input.
  await page.getByLabel('First name').fill('John');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('E-mail address').fill('john.doe@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Option #1')).toBeVisible();
  // Whatever is pasted into the passcode field stays as pasted (issue 22: nothing is cut), is said at once and never sent.
  await recovery.option(/Option #1 Email/).click();
  const code = recovery.passcode;
  for (const value of Object.values(ODD_INPUT)) {
    await code.fill(value);
    // More than a passcode's 6 characters, all kept.
    expect((await code.inputValue()).length, value.slice(0, 20)).toBeGreaterThan(6);
    await expect(page.locator('.field__error')).toHaveText(/^(Please enter digits only\. The passcode has 6 digits\.|The passcode is too long\. It has 6 digits\.)$/);
    await expect(recovery.submitButton).toBeDisabled();
  }
  await code.fill('');
  await code.blur();
  await expect(page.getByText('This field is required')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a change password over 128 characters is refused whole, never cut', async ({ page }) => {
  const changePassword = new ChangePasswordPage(page);
  await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external');
  const long = 'Aa1#'.repeat(40);
  await changePassword.fill('Summer#2026', long);
  await expect(page.getByText('Passwords can have at most 128 characters.')).toBeVisible();
  await expect(changePassword.submitButton).toBeDisabled();
  expect((await changePassword.newPassword.inputValue()).length).toBe(160);
});
