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
  // The field's message for each kind (spec 5; the user id is letters, digits and @ . _ -, at most 100), and a
  // Log In that stays disabled: none of them is posted.
  // The spec's text, then how to mend it (issue 34, WCAG 3.3.3).
  const INVALID_USER_ID = 'Please enter valid userId Use only letters, digits and the characters @ . _ - (at most 100).';
  const messages: Record<keyof typeof ODD_INPUT, string> = {
    oversized: INVALID_USER_ID, unicode: 'Please enter without spaces', rtlOverride: INVALID_USER_ID, control: INVALID_USER_ID,
  };
  const posts: string[] = [];
  page.on('request', (request) => { if (request.method() === 'POST') posts.push(request.url()); });
  for (const [kind, value] of Object.entries(ODD_INPUT) as Array<[keyof typeof ODD_INPUT, string]>) {
    // A good id first, so the message read next is this value's, not the last one's.
    await userId.fill('jdoe');
    await expect(userId, kind).toHaveAccessibleDescription('');
    await userId.fill(value);
    await password.fill('Summer#2026');
    await expect(userId, kind).toHaveAccessibleDescription(messages[kind]);
    await expect(login.logInButton, kind).toBeDisabled();
  }
  expect(posts).toEqual([]);
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
  // Too long and with a blank, the field says so and nothing goes; the others are well-formed passwords, posted
  // whole to SiteMinder (this value, read from this post) and refused with the login banner.
  const refusedInPage: Partial<Record<keyof typeof ODD_INPUT, string>> = { oversized: 'Passwords can have at most 128 characters.', unicode: 'Please enter without spaces' };
  for (const [kind, value] of Object.entries(ODD_INPUT) as Array<[keyof typeof ODD_INPUT, string]>) {
    await login.fillCredentials('jdoe', value);
    await login.password.blur();
    const said = refusedInPage[kind];
    if (said) {
      await expect(login.password, kind).toHaveAccessibleDescription(said);
      await expect(login.logInButton, kind).toBeDisabled();
      continue;
    }
    const post = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('ProcessLogin.fcc'));
    await login.logInButton.click();
    expect(new URLSearchParams((await post).postData() ?? '').get('PASSWRD'), kind).toBe(value);
    await page.waitForURL(/\/app\/nxn\/login\?.*SMUSRMSG=Invalid/);
    await expect(page.getByRole('alert'), kind).toHaveText('Invalid Credentials');
    await islandsHydrated(page);
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
  const continueButton = page.getByRole('button', { name: 'Continue' });
  // Too long and with a blank, the field says so (the spec's message, then how to mend it where there is a
  // fix to name, issue 34) and Continue stays disabled; the others are user ids the service is asked about
  // (this value, read from this call) and answers that it has no way to verify.
  const refusedInPage: Partial<Record<keyof typeof ODD_INPUT, string>> = {
    oversized: 'enter valid userId (at most 100 characters)',
    unicode: 'enter valid userId Please enter it without spaces.',
  };
  for (const [kind, value] of Object.entries(ODD_INPUT) as Array<[keyof typeof ODD_INPUT, string]>) {
    await userId.fill('jdoe');
    await expect(userId, kind).toHaveAccessibleDescription('');
    await userId.fill(value);
    const said = refusedInPage[kind];
    if (said) {
      await expect(userId, kind).toHaveAccessibleDescription(said);
      await expect(continueButton, kind).toBeDisabled();
      continue;
    }
    const call = page.waitForResponse((response) => response.url().endsWith('/fps/auth'));
    await continueButton.click();
    const response = await call;
    expect((response.request().postDataJSON() as { userId?: string }).userId, kind).toBe(value);
    await expect(page.getByRole('alert'), kind).toHaveText('We could not find a way to verify this User ID. Please check it and try again.');
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

test('TARGET and BGTARGET go to SiteMinder only as same-origin paths, from the island and from the plain form alike', async ({ page }) => {
  // Issue 35: both went into the form unchecked. `/%0a/evil.com` decodes to a path a browser reads as //evil.com.
  const hostile = { TARGET: '/%0a/evil.com', BGTARGET: '//evil.example' };
  const fields = async () => ({
    action: await page.locator('#login-form').getAttribute('action'),
    TARGET: await page.locator('#login-form input[name=TARGET]').inputValue(),
    BGTARGET: await page.locator('#login-form input[name=BGTARGET]').inputValue(),
  });
  const url = (targets: Record<string, string>) => `/app/nxn/login?${new URLSearchParams({ SMQUERYDATA: 'q', ...targets }).toString()}`;
  // The plain form, as a browser that runs no island posts it: the pre-paint script fills the fields.
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto(url(hostile));
  expect(await fields()).toEqual({ action: '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', TARGET: '', BGTARGET: '' });
  await page.goto(url({ TARGET: '/apps/home?fromPage=x', BGTARGET: '/apps/other' }));
  expect(await fields()).toEqual({ action: '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q&TARGET=%2Fapps%2Fhome%3FfromPage%3Dx', TARGET: '/apps/home?fromPage=x', BGTARGET: '/apps/other' });
  // The island, once awake.
  await page.unrouteAll();
  await page.goto(url(hostile));
  await islandsHydrated(page);
  expect(await fields()).toEqual({ action: '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', TARGET: '', BGTARGET: '' });
  await page.goto(url({ TARGET: '/apps/home?fromPage=x', BGTARGET: '/apps/other' }));
  await islandsHydrated(page);
  expect(await fields()).toEqual({ action: '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q&TARGET=%2Fapps%2Fhome%3FfromPage%3Dx', TARGET: '/apps/home?fromPage=x', BGTARGET: '/apps/other' });
});
