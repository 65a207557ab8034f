import { devices, expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { LoginPage } from './support/login-page.ts';
import { requestsSoFarSeen } from './support/sampling.ts';

// Issue 26: islands load React and hydrate when the visitor engages with them (client:engage), and nothing
// the visitor did before is lost. The island's code is slowed with page.route (the network) and the CPU
// is throttled four times over the Chrome DevTools Protocol, as on a mid-range phone.

/**
 * A slow network for the island code: every script under /_astro/ is held until `arrive` is called (the
 * visitor is done typing by then, however slow the machine runs the test), then each goes out after `ms`.
 */
async function slowScripts(page: Page, ms = 500): Promise<{ arrive: () => void }> {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => { arrive = resolve; });
  await page.route((url) => url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js'), async (route) => {
    await arrived;
    // Fixed sleep: the network's latency being faked, a delay of the page's scripts, not a wait of the test for
    // the page. Each script a script imports waits again, as a slow network's waterfall does; the test itself
    // waits for what the island does (hydrated, values kept), never for this time.
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
  return { arrive: () => { arrive(); } };
}

async function throttleCpu(page: Page, rate = 4): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The island an Astro component URL names, e.g. LoginForm. */
const island = (page: Page, name: string) => page.locator(`astro-island[component-url*="/${name}."]`);

/** Whether an island is still asleep right now (read once, not waited for). */
const asleep = async (page: Page, name: string) => (await island(page, name).getAttribute('ssr')) !== null;

const PAGES = [
  { name: 'login', path: '/app/nxn/login?SMQUERYDATA=engage', field: 'User ID' },
  { name: 'forgot password', path: '/self-service/nxn/fps', field: 'User ID' },
  { name: 'forgot user id', path: '/self-service/nxn/fuid', field: 'First name' },
  { name: 'change password', path: '/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N', field: 'Temporary or current password' },
];

for (const { name, path, field } of PAGES) {
  test(`${name}: no island code (React or a component) is requested until the visitor engages`, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request: Request) => requested.push(new URL(request.url()).pathname));
    await page.clock.install();
    await page.goto(path);
    const islandCode = await page.locator('astro-island').evaluateAll((islands) => [...new Set(islands.flatMap((element) => [element.getAttribute('component-url'), element.getAttribute('renderer-url')]))]);
    expect(islandCode.length).toBeGreaterThan(1);
    const early = () => requested.filter((url) => islandCode.includes(url) || /\/islands-shared\./.test(url));
    // Sampled while client:load or client:idle would have fetched it: at load, at idle, and past the 3 s timers
    // (the page's clock moves on; each sample counts every request the page made up to it).
    for (let sample = 0; sample < 8; sample += 1) {
      await requestsSoFarSeen(page);
      expect(early(), `island code requested ${sample * 500} ms after load`).toEqual([]);
      await page.clock.runFor(500);
    }
    await page.getByLabel(field, { exact: true }).focus();
    await expect.poll(() => early().length).toBeGreaterThan(0);
  });
}

test('an untouched page is not a failure: no island wakes and nothing says the page failed, however long it stays open', async ({ page }) => {
  await page.clock.install();
  await page.goto('/self-service/nxn/fps');
  for (let sample = 0; sample < 4; sample += 1) {
    await page.clock.runFor(5_000);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await asleep(page, 'RecoveryWizard')).toBe(true);
  }
});

test('login on a slow phone: what is typed, the caret, the focus, a tap on Show password and Enter before the island wakes are all taken', async ({ page }) => {
  const login = new LoginPage(page);
  await throttleCpu(page);
  await login.goto('SMQUERYDATA=slow');
  const code = await slowScripts(page);
  await login.userId.click();
  await page.keyboard.type('jdoe');
  await login.password.click();
  await page.keyboard.type('Summer#2026');
  await page.getByRole('button', { name: 'Show password' }).click();
  await login.password.click();
  // Where a click puts the caret depends on where the text ends in the field; End makes it the text's end.
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  // All of it before the island woke.
  expect(await asleep(page, 'LoginForm')).toBe(true);
  code.arrive();
  await expect(page.locator('#login-form[data-hydrated="true"]')).toBeAttached({ timeout: 20_000 });
  await expect(login.userId).toHaveValue('jdoe');
  await expect(login.password).toHaveValue('Summer#2026');
  // The tap was taken: the toggle now says what its next press does (issue 22).
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible();
  await expect(login.password).toHaveAttribute('type', 'text');
  await expect(login.password).toBeFocused();
  expect(await login.password.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(9);
  await page.keyboard.press('Enter');
  await expect(login.signedIn('jdoe')).toBeVisible();
});

test('login: Enter pressed before the island wakes is taken by the island, which remembers the user id as it posts (spec 4.1)', async ({ page }) => {
  const login = new LoginPage(page);
  await throttleCpu(page);
  await login.goto('SMQUERYDATA=enter');
  const code = await slowScripts(page);
  await login.userId.click();
  await page.keyboard.type('jdoe');
  await login.password.click();
  await page.keyboard.type('Summer#2026');
  const posts: string[] = [];
  page.on('request', (request) => { if (request.url().includes('/login/forms/bg/ProcessLogin.fcc')) posts.push(request.url()); });
  const post = page.waitForRequest((request) => request.url().includes('/login/forms/bg/ProcessLogin.fcc'));
  await page.keyboard.press('Enter');
  // Held for the island, not posted by the plain form: nothing sent by the time a later request of the page's own is, the island asleep.
  await requestsSoFarSeen(page);
  expect(posts).toEqual([]);
  expect(await asleep(page, 'LoginForm')).toBe(true);
  code.arrive();
  const sent = new URLSearchParams((await post).postData() ?? '');
  expect([sent.get('USER'), sent.get('PASSWRD')]).toEqual(['jdoe', 'Summer#2026']);
  await expect(login.signedIn('jdoe')).toBeVisible();
  // Only the island's submit handler stores this; the plain form would not have.
  expect(await page.evaluate(() => sessionStorage.getItem('portal.login.userId'))).toBe('jdoe');
});

test('login: a password manager filling the form before the island wakes leaves both values in it, ready to log in', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('SMQUERYDATA=manager');
  const code = await slowScripts(page);
  await page.evaluate(() => {
    for (const [name, value] of [['USER', 'jdoe'], ['PASSWRD', 'Summer#2026']] as const) {
      const input = document.querySelector<HTMLInputElement>(`#login-form input[name="${name}"]`);
      if (!input) throw new Error(`no ${name} field`);
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  expect(await asleep(page, 'LoginForm')).toBe(true);
  code.arrive();
  await expect(page.locator('#login-form[data-hydrated="true"]')).toBeAttached({ timeout: 20_000 });
  await expect(login.userId).toHaveValue('jdoe');
  await expect(login.password).toHaveValue('Summer#2026');
  await expect(login.logInButton).toBeEnabled();
});

for (const [name, path, userId] of [['forgot password', '/self-service/nxn/fps', 'jdoe'], ['first-time user', '/self-service/nxn/fps?FTUF=Y', 'newuser']] as const) {
  test(`${name} on a slow phone: the user id typed and Enter pressed before the wizard wakes take the visitor to the channel step`, async ({ page }) => {
    await throttleCpu(page);
    const code = await slowScripts(page);
    await page.goto(path);
    await page.getByLabel('User ID').click();
    await page.keyboard.type(userId);
    await page.keyboard.press('Enter');
    expect(await asleep(page, 'RecoveryWizard')).toBe(true);
    code.arrive();
    await expect(page.getByText('Option #1')).toBeVisible({ timeout: 20_000 });
    expect(await page.getByRole('alert').count()).toBe(0);
  });
}

test('forgot user id on a slow phone: names and address typed before the wizard wakes are all still there', async ({ page }) => {
  await throttleCpu(page);
  await page.goto('/self-service/nxn/fuid');
  const code = await slowScripts(page);
  await page.getByLabel('First name').click();
  await page.keyboard.type('John');
  await page.getByLabel('Last name').click();
  await page.keyboard.type('Doe');
  await page.getByLabel('E-mail address').click();
  await page.keyboard.type('john.doe@example.com');
  expect(await asleep(page, 'RecoveryWizard')).toBe(true);
  code.arrive();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByLabel('First name')).toHaveValue('John');
  await expect(page.getByLabel('Last name')).toHaveValue('Doe');
  await expect(page.getByLabel('E-mail address')).toHaveValue('john.doe@example.com');
  await expect(page.getByLabel('E-mail address')).toBeFocused();
});

test('what the page needs at once still shows without engagement: the first-time user wording and the SMUSRMSG banner', async ({ page }) => {
  // The first-time user wording is the static page's: it shows with the wizard asleep and its code never asked
  // for (the page carries both wordings until the wizard wakes; CSS shows the query's).
  const requested: string[] = [];
  page.on('request', (request) => { requested.push(request.url()); });
  await page.goto('/self-service/nxn/fps?FTUF=Y');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('First-time user request', { useInnerText: true });
  await requestsSoFarSeen(page);
  expect(requested.filter((url) => url.includes('/RecoveryWizard.'))).toEqual([]);
  expect(await asleep(page, 'RecoveryWizard')).toBe(true);
  // The banner is the login form's: with SMUSRMSG in the query it wakes by itself, nothing engaged.
  await page.goto('/app/nxn/login?SMQUERYDATA=q&SMUSRMSG=Invalid%20Credentials');
  await expect(page.getByTestId('login-banner')).toHaveText('Invalid Credentials');
  await expect(island(page, 'LoginForm')).not.toHaveAttribute('ssr');
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
});

// A phone's viewport, touch and user agent (the browser itself is the project's).
const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
const phone = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch };

test.describe('on a phone', () => {
  test.use(phone);

  test('the app sheet still opens at once where the brand has one', async ({ page }) => {
    await page.goto('/app/harbor/login?SMQUERYDATA=sheet');
    await expect(page.getByTestId('mobile-sheet')).toBeVisible();
  });
});
