import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { lastCode, lastTemporaryPassword, RecoveryPage } from './support/recovery-page.ts';

// What an attacker or a broken backend can throw at the pages. Every case ends in a clear message
// and a page that still works: no script of theirs runs, nothing crashes, nothing secret leaks.
// Own origin and emulator (project "hostile"); one test at a time, as they reset it.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ request }) => {
  await request.post('/__emulator/reset');
});

/** Collects what must never happen: an attacker's script running, a page crash, a CSP violation. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/content security policy|refused to (execute|load|apply)/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return problems;
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

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
  for (const target of ['https://evil.example/steal', '//evil.example', 'javascript:alert(1)', '%2F%2Fevil.example', '/\\evil.example', 'https:evil.example']) {
    await page.goto(`/app/nxn/login?SMQUERYDATA=x&TARGET=${encodeURIComponent(target)}`);
    await page.getByLabel('User ID').fill('jdoe');
    await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Signed in as jdoe' }), target).toBeVisible();
    expect(new URL(page.url()).origin, target).toBe(new URL(baseURL ?? '').origin);
    await page.context().clearCookies();
  }
});

test('Cancel never follows a forgetUserIdRedirect to another site, in any encoding', async ({ page, baseURL }) => {
  const problems = watch(page);
  for (const hostile of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:window.__pwned=1', 'JaVaScRiPt:window.__pwned=1', '%2F%2Fevil.example', ' https://evil.example', 'data:text/html,x']) {
    await page.goto(`/self-service/nxn/fuid?forgetUserIdRedirect=${encodeURIComponent(hostile)}`);
    // Cancel is a button of the island: it acts once hydrated.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page, hostile).toHaveURL(/\/app\/nxn\/login\?SMQUERYDATA=/);
    expect(new URL(page.url()).origin, hostile).toBe(new URL(baseURL ?? '').origin);
    expect(await pwned(page)).toBeUndefined();
  }
  expect(problems).toEqual([]);
});

const ODD_INPUT = {
  oversized: 'a'.repeat(10_000),
  unicode: 'Zoë 张伟 🙂 e\u0301',
  rtlOverride: 'jdoe\u202Etxt.exe',
  control: 'jd\u0000oe\u0007\u001b[31m',
};

test('odd input in the login fields gets a field message, and the page keeps working', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/app/nxn/login?SMQUERYDATA=odd');
  // The loop reads the button's state as it is now, which only means something once the island runs.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const userId = page.getByLabel('User ID');
  const password = page.getByLabel('Password', { exact: true });
  for (const [kind, value] of Object.entries(ODD_INPUT)) {
    await userId.fill(value);
    await password.fill('Summer#2026');
    // Log In stays disabled while a field is invalid; a value the field accepts goes to the service.
    const logIn = page.getByRole('button', { name: 'Log In' });
    if (await logIn.isEnabled()) await logIn.click();
    // A field message, or (for 10 000 letters, which the 100-character field keeps the first 100 of) the
    // service's refusal as the login banner.
    await expect(page.getByText(/^(Please enter valid userId|Please enter without spaces)$/).or(page.getByRole('alert')).first(), kind).toBeVisible();
    await expect(page, kind).toHaveURL(/\/app\/nxn\/login/);
  }
  // A password over 128 characters is never cut: it stays whole and the form says why it cannot go.
  await userId.fill('jdoe');
  await password.fill('P#1'.repeat(70));
  await password.blur();
  await expect(page.getByText('Passwords can have at most 128 characters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeDisabled();
  expect((await password.inputValue()).length).toBe(210);
  await password.fill('Summer#2026');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('odd input in the password fields of login and change password is refused clearly, and the right password still works', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/app/nxn/login?SMQUERYDATA=odd');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  for (const [kind, value] of Object.entries(ODD_INPUT)) {
    await page.getByLabel('User ID').fill('jdoe');
    await page.getByLabel('Password', { exact: true }).fill(value);
    await page.getByLabel('Password', { exact: true }).blur();
    const logIn = page.getByRole('button', { name: 'Log In' });
    if (await logIn.isEnabled()) {
      await logIn.click();
      await expect(page.getByRole('alert'), kind).toHaveText('Invalid Credentials');
    } else {
      await expect(page.locator('.field__error').first(), kind).toBeVisible();
    }
    await expect(page, kind).toHaveURL(/\/app\/nxn\/login/);
  }
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();

  await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const change = page.getByRole('button', { name: 'Change password' });
  for (const [kind, value] of Object.entries(ODD_INPUT)) {
    await page.getByLabel('Temporary or current password').fill('Summer#2026');
    await page.getByLabel('New password', { exact: true }).fill(value);
    await page.getByLabel('Confirm new password').fill(value);
    // The checklist says which rule is not met; the form does not go.
    await expect(page.locator('.rules__item:not(.rules__item--met)').first(), kind).toBeVisible();
    await expect(change, kind).toBeDisabled();
  }
  // A password with unicode, an RTL override and a control character that meets every rule is taken as it is.
  const unusual = `Zoë#1\u202E\u0007${'x'.repeat(4)}`;
  await page.getByLabel('New password', { exact: true }).fill(unusual);
  await page.getByLabel('Confirm new password').fill(unusual);
  await change.click();
  await expect(page).toHaveURL(/\/apps\/home/);
  // Kept whole: after signing out, exactly that password signs in.
  await page.goto('/login/logout.html');
  await page.goto('/app/nxn/login?SMQUERYDATA=odd');
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByLabel('Password', { exact: true }).fill(unusual);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('odd input in the recovery fields gets a clear message, and the flow still works after', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/self-service/nxn/fps');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
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
  // The passcode field takes six characters at most, whatever is pasted.
  await page.getByRole('button', { name: /Option #1 Email/ }).click();
  const code = page.getByLabel('Passcode', { exact: true });
  await code.fill(ODD_INPUT.unicode);
  expect((await code.inputValue()).length).toBeLessThanOrEqual(6);
  await code.fill('');
  await code.blur();
  await expect(page.getByText('This field is required')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a change password over 128 characters is refused whole, never cut', async ({ page }) => {
  await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external');
  const long = 'Aa1#'.repeat(40);
  await page.getByLabel('Temporary or current password').fill('Summer#2026');
  await page.getByLabel('New password', { exact: true }).fill(long);
  await page.getByLabel('Confirm new password').fill(long);
  await expect(page.getByText('Passwords can have at most 128 characters.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeDisabled();
  expect((await page.getByLabel('New password', { exact: true }).inputValue()).length).toBe(160);
});

test('guessing the current password through the change-password form is cut off, and the page shows its generic message', async ({ page }) => {
  const guess = (password: string) => page.request.post('/pw/forms/smpwservices.fcc?SMAUTHREASON=34&uid=jdoe', {
    form: { wl: 'nxn', USERNAME: 'jdoe', PASSWORD: password, NEWPASSWORD: 'Autumn#2026x', CONFIRMPASSWORD: 'Autumn#2026x' }, maxRedirects: 0,
  });
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    expect((await guess(`Guess#${attempt}abc`)).headers()['location']).toContain('SMPWERR=ISB_PASSVAL01');
  }
  // The eleventh attempt, through the page and with the right password: refused all the same, nothing changed.
  const problems = watch(page);
  await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external');
  await page.getByLabel('Temporary or current password').fill('Summer#2026');
  await page.getByLabel('New password', { exact: true }).fill('Autumn#2026x');
  await page.getByLabel('Confirm new password').fill('Autumn#2026x');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/fps-self-change-pw\?.*SMPWERR=TOO_MANY_REQUESTS/);
  await expect(page.getByRole('alert')).toHaveText('Your password could not be changed. Please try again or contact the Help Desk.');
  const login = await page.request.post('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', { form: { USER: 'jdoe', PASSWRD: 'Summer#2026' }, maxRedirects: 0 });
  expect(login.headers()['location']).toBe('/apps/home');
  expect(problems).toEqual([]);
});

test('a service post without the XSRF header is refused, and the page says so and recovers', async ({ page }) => {
  const refused = await page.request.post('/portal-login-service/public/fps/auth', { data: { userId: 'jdoe', flow: 'FPS', devicePrint: '' } });
  expect(refused.status()).toBe(403);
  expect(refused.headers()['cache-control']).toBe('no-store');
  // A proxy or extension that drops the header: the service refuses, the page shows a message.
  await page.route('**/portal-login-service/public/fps/auth', async (route) => {
    const headers = { ...route.request().headers() };
    delete headers['x-xsrf-token'];
    await route.continue({ headers });
  });
  await page.goto('/self-service/nxn/fps');
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('We could not find a way to verify this User ID. Please check it and try again.');
  await page.unroute('**/portal-login-service/public/fps/auth');
  await page.getByLabel('User ID').fill('jdoe ');
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Option #1')).toBeVisible();
});

const BROKEN_ANSWERS = {
  'a 500': { status: 500, contentType: 'application/json', body: '{"errorCode":"SERVER_ERROR","message":"java.lang.NullPointerException at ..."}' },
  'malformed JSON': { status: 200, contentType: 'application/json', body: '{"transactionId": "t", ' },
  'an empty body': { status: 200, contentType: 'application/json', body: '' },
  'an HTML error page': { status: 502, contentType: 'text/html', body: '<html><body><h1>Bad Gateway</h1><script>window.__pwned=1</script></body></html>' },
};

for (const [name, answer] of Object.entries(BROKEN_ANSWERS)) {
  test(`the channel lookup answering ${name} shows a clear message and the form stays usable`, async ({ page }) => {
    const problems = watch(page);
    await page.route('**/portal-login-service/public/fps/auth', (route) => route.fulfill(answer));
    await page.goto('/self-service/nxn/fps');
    await page.getByLabel('User ID').fill('jdoe');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('We could not find a way to verify this User ID. Please check it and try again.');
    expect(await page.locator('body').innerText()).not.toMatch(/NullPointer|Bad Gateway|SERVER_ERROR|at \.\.\./);
    expect(await pwned(page)).toBeUndefined();
    // Editing clears the message; the backend is back and the same page goes on.
    await page.unroute('**/portal-login-service/public/fps/auth');
    await page.getByLabel('User ID').fill('jdoe ');
    await page.getByLabel('User ID').fill('jdoe');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Option #1')).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('a backend that answers nothing for 31 seconds ends in the time-out message, not an endless spinner', async ({ page }) => {
  await page.clock.install();
  await page.route('**/portal-login-service/public/fps/generate-otp', () => undefined);
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  const sent = page.waitForRequest('**/portal-login-service/public/fps/generate-otp');
  // Clicked directly: the send never answers until the clock moves, so there is no outcome to wait for.
  await page.getByRole('button', { name: /Option #1 Email/ }).click();
  await sent;
  await expect(page.getByRole('status').filter({ hasText: 'Please wait' })).toBeVisible();
  await page.clock.fastForward(31_000);
  await expect(page.getByRole('alert')).toHaveText('The service did not answer in time. Please try again.');
  await expect(page.getByRole('button', { name: /Option #1 Email/ })).toBeEnabled();
});

test('a user-type check that never answers does not hold the flow up', async ({ page, request }) => {
  await page.route('**/portal-login-service/public/uti/*', () => undefined);
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  await expect(page.getByLabel('Passcode', { exact: true })).toBeVisible();
  await recovery.enterCode(await lastCode(request));
  // Unknown type: the stricter 16-character rule, which still lets the user finish.
  await expect(page).toHaveURL(/uti=both/);
  await expect(page.getByText('At least 16 characters')).toBeVisible();
});

test('double clicks send each call once', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/portal-login-service/')) calls.push(new URL(request.url()).pathname.split('/').pop() ?? '');
  });
  await page.goto('/self-service/nxn/fps');
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByRole('button', { name: 'Continue' }).dblclick();
  await expect(page.getByText('Option #1')).toBeVisible();
  await page.getByRole('button', { name: /Option #1 Email/ }).dblclick();
  await expect(page.getByLabel('Passcode', { exact: true })).toBeVisible();
  await page.getByLabel('Passcode', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(calls).toEqual(['auth', 'generate-otp', 'verify-otp']);
});

test('reload, back and forward in the middle of a flow always leave a working step', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #2 SMS/);
  await expect(page.getByLabel('Passcode', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('User ID')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Whatever step the history put us on, the flow can be finished from here.
  await page.goto('/self-service/nxn/fps');
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #2 SMS/);
  await recovery.enterCode(await lastCode(request));
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

test('a passcode and the passwords never reach the URL, storage, the console or the statistics', async ({ page, request }) => {
  const console: string[] = [];
  const urls: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  page.on('request', (entry) => urls.push(entry.url()));
  // Storage is read at each step with the secret typed in and after it was sent, and at the end.
  const storage: string[] = [];
  const snapshot = async () => {
    storage.push(await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie })));
  };
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  const code = await lastCode(request);
  await page.getByLabel('Passcode', { exact: true }).fill(code);
  await snapshot();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/fps-self-change-pw/);
  await snapshot();
  const temporary = await lastTemporaryPassword(request);
  const chosen = 'Leak#Check2027';
  await page.getByLabel('Temporary or current password').fill(temporary);
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm new password').fill(chosen);
  await snapshot();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/app\/nxn\/login/);
  await snapshot();
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByLabel('Password', { exact: true }).fill(chosen);
  await snapshot();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
  await snapshot();
  const stats = await (await request.get('/__emulator/stats')).text();
  expect(JSON.parse(stats).records.length).toBeGreaterThan(0);
  expect(storage).toHaveLength(6);
  for (const secret of [code, temporary, chosen, 'john.doe@example.com', '201-555-0147']) {
    expect(urls.filter((url) => url.includes(secret) || url.includes(encodeURIComponent(secret))), secret).toEqual([]);
    for (const [step, stored] of storage.entries()) expect(stored, `${secret} in storage at step ${step}`).not.toContain(secret);
    expect(console.filter((line) => line.includes(secret)), secret).toEqual([]);
    expect(stats, secret).not.toContain(secret);
  }
});
