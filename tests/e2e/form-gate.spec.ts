import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { lastCode, RecoveryPage } from './support/recovery-page.ts';
import { LoginPage } from './support/login-page.ts';
import { islandsHydrated } from './support/hydration.ts';
import { startPieceProxy } from './support/piece-proxy.ts';

// Issue 30 (before the island wakes) and issue 34 (a disabled submit is silent). A form's submit is disabled
// until the form is valid (spec 3, 5) from the first paint, by a pre-paint gate compiled from the islands' own
// validators; it is aria-disabled, so it says why (its description) and a press or an Enter is refused with the
// messages shown and announced. A value put in before the island woke counts as a change.

/**
 * Holds every script chunk asked for from now on until `arrive` is called. Called once the page has loaded (its
 * own scripts are in; an island's code is asked for only when the visitor engages), the island cannot wake.
 * (The network, not the module: the island's code simply has not come yet.)
 */
async function holdIslandCode(page: Page): Promise<{ arrive: () => void }> {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => { arrive = resolve; });
  await page.route((url) => url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js'), async (route) => {
    await arrived;
    await route.continue();
  });
  return { arrive: () => { arrive(); } };
}

/** The island an Astro component URL names is still asleep (read once). */
const asleep = async (page: Page, name: string) => (await page.locator(`astro-island[component-url*="/${name}."]`).getAttribute('ssr')) !== null;

/** A paste, as the browser's own edit of the focused field (an input event, as a paste or a fill gives). */
async function paste(field: Locator, text: string): Promise<void> {
  await field.focus();
  await field.evaluate((_, pasted) => {
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    document.execCommand('insertText', false, pasted);
  }, text);
}

/**
 * The submit's state at every frame from the first one that paints it: an init script samples it in
 * requestAnimationFrame (which runs before each paint) until `stop()`.
 */
async function sampleSubmitFromFirstPaint(page: Page, selector: string): Promise<void> {
  await page.addInitScript((sel) => {
    const samples: Array<string | null> = [];
    (window as unknown as { submitSamples: Array<string | null> }).submitSamples = samples;
    const tick = () => {
      const button = document.querySelector(sel);
      if (button) samples.push(button.hasAttribute('disabled') ? 'disabled' : button.getAttribute('aria-disabled'));
      if (samples.length < 20) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, selector);
}
const submitSamples = (page: Page) => page.evaluate(() => (window as unknown as { submitSamples: Array<string | null> }).submitSamples);

const PAGES = [
  { name: 'login', path: '/app/nxn/login?SMQUERYDATA=gate', island: 'LoginForm', submit: '#login-form button[type=submit]', reasons: 'To continue, fill in correctly: User ID Password' },
  { name: 'forgot password', path: '/self-service/nxn/fps', island: 'RecoveryWizard', submit: '.recovery-card button[type=submit]', reasons: 'To continue, fill in correctly: User ID' },
  { name: 'first-time user', path: '/self-service/nxn/fps?FTUF=Y', island: 'RecoveryWizard', submit: '.recovery-card button[type=submit]', reasons: 'To continue, fill in correctly: User ID' },
  { name: 'forgot user id', path: '/self-service/nxn/fuid', island: 'RecoveryWizard', submit: '.recovery-card button[type=submit]', reasons: 'To continue, fill in correctly: First name Last name E-mail address' },
  {
    name: 'change password', path: '/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N', island: 'ChangePasswordForm', submit: '.recovery-card button[type=submit]',
    // The user id came with the query; the length rule is the external one the pre-paint mark picked.
    reasons: 'To continue, fill in correctly: Temporary or current password At least 8 characters (not met yet) An uppercase letter (not met yet) A lowercase letter (not met yet) A number (not met yet) A special character (not met yet) New and confirm passwords match (not met yet) Differs from the current password (not met yet)',
  },
];

/** Where the piece proxy stops the page: right after the form's submit, the rest of the document (and so DOMContentLoaded) held back. */
const AFTER_THE_SUBMIT = /<button type="submit"[^>]*>[\s\S]*?<\/button>/g;

for (const { name, path, island, submit, reasons } of PAGES) {
  test(`${name}: the submit is disabled and says why from the first paint, before the island wakes, and the plain HTML carries neither`, async ({ page, request, baseURL }) => {
    // The HTML itself: without script the plain form works as it always did. No disabled state, and no reason:
    // a static description would be read ("To continue, fill in correctly:") for a gate that does not exist.
    const html = await (await request.get(path)).text();
    const plainSubmit = /<button type="submit"[^>]*>/.exec(html)?.[0] ?? '';
    expect(plainSubmit).not.toBe('');
    expect(plainSubmit).not.toMatch(/\b(disabled|aria-disabled|aria-describedby)\b/);
    // The page arrives up to its submit's end and stops there (a slow network): the document is still loading,
    // so only a gate that acts as the submit is parsed can have set it; one waiting for DOMContentLoaded has not.
    const proxy = await startPieceProxy(baseURL ?? '', new URL(path, baseURL).pathname, AFTER_THE_SUBMIT);
    try {
      await sampleSubmitFromFirstPaint(page, submit);
      await page.goto(`${proxy.base}${path}`, { waitUntil: 'commit' });
      const pieces = await proxy.started();
      await expect.poll(() => page.evaluate((sel) => document.querySelector(sel) !== null, submit)).toBe(true);
      await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
      expect(await page.evaluate(() => document.readyState)).toBe('loading');
      // Every frame painted with the submit in it: disabled (aria-disabled), never enabled, never `disabled` (it
      // would leave the tab order).
      const painted = await submitSamples(page);
      expect(painted.length).toBeGreaterThan(0);
      expect(new Set(painted)).toEqual(new Set(['true']));
      for (let piece = 1; piece < pieces; piece += 1) proxy.sendNext();
      await page.waitForLoadState('load');
    } finally {
      await proxy.close();
    }
    // Then at the network's own pace, the island held asleep: the gate says why.
    await page.goto(path);
    const code = await holdIslandCode(page);
    const button = page.locator(submit);
    await expect.poll(async () => (await submitSamples(page)).length).toBeGreaterThan(5);
    expect(new Set(await submitSamples(page))).toEqual(new Set(['true']));
    expect(await asleep(page, island)).toBe(true);
    await expect(button).toHaveAccessibleDescription(reasons);
    code.arrive();
  });
}

test('login: the gate follows the fields before the island wakes, by the islands’ validators', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('SMQUERYDATA=gate');
  const code = await holdIslandCode(page);
  await paste(login.userId, 'jdoe');
  await expect(login.logInButton).toHaveAttribute('aria-disabled', 'true');
  await expect(login.logInButton).toHaveAccessibleDescription('To continue, fill in correctly: Password');
  await paste(login.password, 'abc');
  // Too short by the login validator (4 characters), not just "filled in".
  await expect(login.logInButton).toHaveAttribute('aria-disabled', 'true');
  await paste(login.password, 'd');
  await expect(login.logInButton).toHaveAttribute('aria-disabled', 'false');
  await expect(login.logInButton).toHaveAccessibleDescription('');
  await paste(login.userId, ' x');
  await expect(login.logInButton).toHaveAttribute('aria-disabled', 'true');
  await expect(login.logInButton).toHaveAccessibleDescription('To continue, fill in correctly: User ID');
  expect(await asleep(page, 'LoginForm')).toBe(true);
  code.arrive();
});

test('login: without script the form is the plain form: no gate, and it posts', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto('SMQUERYDATA=noscript');
  await expect(login.logInButton).not.toHaveAttribute('aria-disabled');
  await expect(login.logInButton).toBeEnabled();
  // Nothing said for a gate that does not exist (a static aria-describedby read "To continue, fill in correctly:").
  await expect(login.logInButton).toHaveAccessibleDescription('');
  await login.fillCredentials('jdoe', 'Summer#2026');
  await login.logInButton.click();
  await expect(login.signedIn('jdoe')).toBeVisible();
  await context.close();
});

for (const { name, path, submit } of PAGES.filter((gated) => gated.name !== 'login')) {
  test(`${name}: without script no gate: the submit is enabled and describes nothing`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path);
    const button = page.locator(submit);
    await expect(button).toBeVisible();
    await expect(button).not.toHaveAttribute('aria-disabled');
    await expect(button).toBeEnabled();
    await expect(button).toHaveAccessibleDescription('');
    await context.close();
  });
}

test('login: when the island’s code never comes, the gate lets go and the form posts natively', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('SMQUERYDATA=released');
  // A deploy under the open page: every hashed script answers 404 from now on.
  await page.route((url) => url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js'), (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await expect(login.logInButton).toHaveAttribute('aria-disabled', 'true');
  await login.userId.fill('jdoe');
  // Astro's own retry waits a second, then the directive gives up on the island: the plain form again.
  await expect(login.logInButton).not.toHaveAttribute('aria-disabled', { timeout: 15_000 });
  expect(await page.locator('#login-form').evaluate((form: HTMLFormElement) => form.noValidate)).toBe(false);
  await login.password.fill('Summer#2026');
  await login.logInButton.click();
  await expect(login.signedIn('jdoe')).toBeVisible();
});

test('login: "j doe" pasted before the island wakes, then Tab: "Please enter without spaces" shows, and Log In says why it is disabled', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('SMQUERYDATA=paste');
  const code = await holdIslandCode(page);
  await paste(login.userId, 'j doe');
  await page.keyboard.press('Tab');
  await expect(login.password).toBeFocused();
  expect(await asleep(page, 'LoginForm')).toBe(true);
  code.arrive();
  await expect.poll(() => asleep(page, 'LoginForm')).toBe(false);
  await expect(page.getByText('Please enter without spaces', { exact: true })).toBeVisible();
  await expect(login.userId).toHaveAttribute('aria-invalid', 'true');
  await expect(login.userId).toHaveAccessibleDescription('Please enter without spaces');
  await expect(login.logInButton).toHaveAttribute('aria-disabled', 'true');
  await expect(login.logInButton).toHaveAccessibleDescription('To continue, fill in correctly: User ID Password');
  // The password, still in its field, was not left yet: no message for it until it is.
  await expect(page.getByText('Password is required')).toHaveCount(0);
});

test('login: a password pasted before the island wakes counts as changed once the visitor leaves it', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('SMQUERYDATA=paste');
  const code = await holdIslandCode(page);
  await paste(login.password, 'abc');
  code.arrive();
  await expect.poll(() => asleep(page, 'LoginForm')).toBe(false);
  // Still in the field: not told off mid-typing.
  await expect(page.getByText('Password too short')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(page.getByText('Password too short')).toBeVisible();
});

test('forgot user id: an e-mail address filled in before the wizard wakes and left is said as typing would be', async ({ page }) => {
  await page.goto('/self-service/nxn/fuid');
  const code = await holdIslandCode(page);
  await paste(page.getByLabel('E-mail address'), 'john.doe@');
  await page.keyboard.press('Tab');
  code.arrive();
  await expect.poll(() => asleep(page, 'RecoveryWizard')).toBe(false);
  await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveAccessibleDescription('To continue, fill in correctly: First name Last name E-mail address');
});

/** The refusal's announcement: the live region's text, as a screen reader receives it. */
async function expectAnnounced(form: Locator, text: string): Promise<void> {
  const region = form.getByTestId('refusal');
  await expect(region).toHaveAttribute('aria-live', 'assertive');
  await expect(region).toHaveText(text);
}

test('login: Enter in an empty form, before and after the island wakes, shows and announces the messages and focuses the first field', async ({ page }) => {
  const login = new LoginPage(page);
  const form = page.locator('#login-form');
  const posts: string[] = [];
  page.on('request', (request) => { if (request.method() === 'POST') posts.push(request.url()); });
  await login.goto('SMQUERYDATA=enter');
  // Asleep: the Enter is held for the island, which wakes and refuses it.
  await login.password.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('User ID is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
  await expectAnnounced(form, 'User ID: User ID is required. Password: Password is required.');
  await expect(login.userId).toBeFocused();
  // Awake: a press on Log In (by the keyboard: it is in the tab order) and an Enter are refused the same way.
  await login.userId.fill('jdoe');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(login.logInButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expectAnnounced(form, 'Password: Password is required.');
  await expect(login.password).toBeFocused();
  // A pointer (or voice control's "click Log In") on the disabled-looking button: refused, not ignored.
  await login.password.fill('ab');
  await login.logInButton.click({ force: true });
  // The spec's message, then how to mend it (issue 34's mending texts), as the field's description says them.
  await expectAnnounced(form, 'Password: Password too short Use at least 4 characters.');
  await expect(login.password).toBeFocused();
  expect(posts.filter((url) => url.includes('ProcessLogin'))).toEqual([]);
});

for (const { name, path, field, reasons, messages, announced } of [
  // Each message is the spec's text, then how to mend it (issue 34's mending texts).
  { name: 'forgot password', path: '/self-service/nxn/fps', field: 'User ID', reasons: 'To continue, fill in correctly: User ID', messages: ['field required Please fill in User ID.'], announced: 'User ID: field required Please fill in User ID.' },
  { name: 'first-time user', path: '/self-service/nxn/fps?FTUF=Y', field: 'User ID', reasons: 'To continue, fill in correctly: User ID', messages: ['field required Please fill in User ID.'], announced: 'User ID: field required Please fill in User ID.' },
  {
    name: 'forgot user id', path: '/self-service/nxn/fuid', field: 'Last name', reasons: 'To continue, fill in correctly: First name Last name E-mail address',
    messages: ['field required Please fill in First name.', 'field required Please fill in Last name.', 'field required Please fill in E-mail address.'],
    announced: 'First name: field required Please fill in First name. Last name: field required Please fill in Last name. E-mail address: field required Please fill in E-mail address.',
  },
]) {
  test(`${name}: Continue says why it is disabled, and Enter in a field shows and announces the messages with the first field focused`, async ({ page }) => {
    await page.goto(path);
    await islandsHydrated(page);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toHaveAttribute('aria-disabled', 'true');
    await expect(continueButton).toHaveAccessibleDescription(reasons);
    await page.getByLabel(field).press('Enter');
    for (const message of messages) await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    await expectAnnounced(page.locator('.recovery-card form'), announced);
    await expect(page.locator('.recovery-card input').first()).toBeFocused();
  });
}

test('passcode: Submit says why it is disabled, and Enter in the empty field shows and announces the message', async ({ page, request }) => {
  // A user of its own: the right code gives its user a temporary password, and this origin's emulator is shared by
  // the specs that only read, which sign the seeded jdoe in with his password (the port map in playwright.config.ts).
  const created = await request.post('/__emulator/users', { data: { prefix: `gate${Date.now().toString(36)}`, count: 1 } });
  expect(created.ok()).toBe(true);
  const { userIds: [userId = ''] } = await created.json() as { userIds: string[] };
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword(userId);
  await recovery.choose(/Option #1 Email/);
  await expect(recovery.submitButton).toHaveAttribute('aria-disabled', 'true');
  await expect(recovery.submitButton).toHaveAccessibleDescription('To continue, fill in correctly: Passcode');
  await recovery.passcode.press('Enter');
  await expect(page.getByText('This field is required', { exact: true })).toBeVisible();
  await expectAnnounced(page.locator('.recovery-card form'), 'Passcode: This field is required');
  await expect(recovery.passcode).toBeFocused();
  await recovery.passcode.fill(await lastCode(request));
  await expect(recovery.submitButton).toHaveAttribute('aria-disabled', 'false');
  await recovery.submitButton.click();
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

test('change password: Enter in an incomplete form announces what is missing and focuses the first field to mend', async ({ page }) => {
  await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N');
  await islandsHydrated(page);
  const button = page.getByRole('button', { name: 'Change password' });
  await page.getByLabel('Temporary or current password').fill('Temp#2026');
  await page.getByLabel('New password', { exact: true }).fill('Brand#New2027');
  await expect(button).toHaveAccessibleDescription('To continue, fill in correctly: New and confirm passwords match (not met yet)');
  await page.getByLabel('New password', { exact: true }).press('Enter');
  await expectAnnounced(page.locator('.recovery-card form'), 'To continue, fill in correctly: New and confirm passwords match (not met yet).');
  await expect(page.getByLabel('Confirm new password')).toBeFocused();
  await page.getByLabel('Confirm new password').fill('Brand#New2027');
  await expect(button).toHaveAttribute('aria-disabled', 'false');
});
