import { expect, test } from '@playwright/test';
import { RecoveryPage, statistics } from './support/recovery-page.ts';
import { ChangePasswordPage } from './support/change-password-page.ts';
import { islandsHydrated } from './support/hydration.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';

// The forgot-password page around the flow: its forms before and after they wake, the page view, the support
// dialog, Cancel (on this site, or to an allow-listed one) and the forgot-user-id link.
freshEmulatorForEachTest();

test('what a visitor or a password manager types before the islands hydrate is kept', async ({ page }) => {
  const changePassword = new ChangePasswordPage(page);
  // Hold the island code back while typing, as on a slow phone.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external', { waitUntil: 'domcontentloaded' });
  await changePassword.fill('Summer#2026', 'Typed#Early2027');
  release();
  await islandsHydrated(page);
  await expect(changePassword.current).toHaveValue('Summer#2026');
  await expect(changePassword.newPassword).toHaveValue('Typed#Early2027');
  await expect(changePassword.submitButton).toBeEnabled();
});

test('the page view is recorded once the visitor starts using the page, not while the page only sits open', async ({ page, request }) => {
  // Issue 26: no script before interaction beyond the page's few kilobytes, so a visitor who only looks is not
  // counted (its statistics code alone would take the page over its budget). Sampled while a timer would send it.
  await page.clock.install();
  await page.goto('/self-service/nxn/fps');
  for (let sample = 0; sample < 3; sample += 1) {
    await page.clock.runFor(2000);
    expect(await statistics(request, 'NXN_USAGE_STATS')).toEqual([]);
  }
  await page.getByLabel('User ID').focus();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.clock.runFor(3000);
  await expect.poll(async () => (await statistics(request, 'NXN_USAGE_STATS')).map((record) => [record['FROM_STATE'], record['TO_STATE'], record['USER_TYPE'], record['LAST_ACTIVITY_USER_ID']]))
    .toEqual([['entry', 'FPS/requestPage', 'both', null]]);
});

test('the request forms validate as the spec says', async ({ page }) => {
  const recovery = new RecoveryPage(page);
  await page.goto('/self-service/nxn/fps');
  // Messages show once a field was left, which the island tracks: wait for it to run.
  await islandsHydrated(page);
  const userId = recovery.userId;
  await userId.fill('j doe');
  await userId.blur();
  await expect(page.getByText('enter valid userId')).toBeVisible();
  await userId.fill('');
  await expect(page.getByText('field required')).toBeVisible();
  await expect(recovery.continueButton).toBeDisabled();
  await page.goto('/self-service/nxn/fuid');
  await islandsHydrated(page);
  await page.getByLabel('First name').fill('Jo*hn');
  await page.getByLabel('First name').blur();
  await expect(page.getByText('enter valid first name')).toBeVisible();
  await page.getByLabel('E-mail address').fill('john@example.museum');
  await page.getByLabel('E-mail address').blur();
  await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
});

test('the support dialog is the self-registration variant, and staff see their own help desk once known', async ({ page }) => {
  const recovery = new RecoveryPage(page);
  await page.goto('/self-service/nxn/fps');
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(dialog.getByRole('heading')).toHaveText('Help with recovering your access');
  await expect(dialog.getByRole('link', { name: '+1 800 555 0100' })).toBeVisible();
  await expect(dialog.getByText('IT Service Desk', { exact: false })).toBeHidden();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await recovery.userId.fill('mstaff');
  await recovery.continueButton.click();
  await expect(page.getByText('Option #1')).toBeVisible();
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(dialog.getByText('Staff accounts are supported by the IT Service Desk.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'it-servicedesk@nxn.example' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: '+1 800 555 0100' })).toBeHidden();
  await page.keyboard.press('Escape');
  // The login page keeps the portal-support variant.
  await page.goto('/app/nxn/login?SMQUERYDATA=s');
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(dialog.getByRole('heading')).toHaveText('Need help signing in?');
});

test('cancel goes to forgetUserIdRedirect only when it stays on this site', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await page.goto('/self-service/nxn/fps?forgetUserIdRedirect=%2Fapp%2Fnxn%2Fsorry');
  await islandsHydrated(page);
  await recovery.cancelButton.click();
  await expect(page).toHaveURL(/\/app\/nxn\/sorry$/);
  // The click that left the page was still reported (keepalive), with the step it left.
  await expect.poll(async () => {
    const { records } = (await (await request.get('/__emulator/stats')).json()) as { records: Array<{ payload: Record<string, unknown> }> };
    return records.filter((record) => record.payload['statsType'] === 'NXN_USER_CLICK_STATS').map((record) => [record.payload['component'], record.payload['fieldId'], record.payload['fromState']]);
  }).toEqual([['fps', 'cancel', 'FPS/requestPage']]);
  for (const hostile of ['https://evil.example/', '//evil.example', 'javascript:alert(1)']) {
    await page.goto(`/self-service/cwa/fps?forgetUserIdRedirect=${encodeURIComponent(hostile)}`);
    await islandsHydrated(page);
    // The brand login is where Cancel goes; without SMQUERYDATA it then passes through /apps/home.
    const navigation = page.waitForRequest((request) => request.isNavigationRequest());
    await recovery.cancelButton.click();
    expect(new URL((await navigation).url()).pathname).toBe('/app/cwa/login');
    await expect(page).toHaveURL(/\/login\?SMQUERYDATA=/);
  }
});

test('cancel goes to another site only when the brand allow-lists its host', async ({ page }) => {
  const recovery = new RecoveryPage(page);
  const partner = 'https://www.brightpath529.example/plans?from=portal';
  // The partner site stands in here: the network is closed, and the page it asks for is what counts.
  await page.route('https://www.brightpath529.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>' }));
  for (const [brand, expected] of [['brightpath529', partner], ['nxn', null]] as const) {
    await page.goto(`/self-service/${brand}/fps?forgetUserIdRedirect=${encodeURIComponent(partner)}`);
    await islandsHydrated(page);
    const navigation = page.waitForRequest((request) => request.isNavigationRequest());
    await recovery.cancelButton.click();
    const target = (await navigation).url();
    if (expected) {
      expect(target).toBe(expected);
      await expect(page).toHaveTitle('Partner');
    } else {
      expect(new URL(target).pathname).toBe(`/app/${brand}/login`);
      await expect(page).toHaveURL(/\/login\?SMQUERYDATA=/);
    }
  }
});

test('the forgot-user-id link on the request step follows the brand', async ({ page }) => {
  const recovery = new RecoveryPage(page);
  await page.goto('/self-service/nxn/fps');
  await expect(page.getByRole('link', { name: 'Forgot your User ID?' })).toHaveAttribute('href', '/self-service/nxn/fuid');
  await page.goto('/self-service/cwa/fps');
  await expect(recovery.userId).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your User ID?' })).toHaveCount(0);
});
