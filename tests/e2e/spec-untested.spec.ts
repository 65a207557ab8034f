import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { hostsOnThisMachine, READ_ONLY_PORT } from './support/mapped-hosts.ts';
import { islandsHydrated } from './support/hydration.ts';
import { requestsSoFarSeen } from './support/sampling.ts';

// Hosts of src/config/environment-map.json, resolved to this machine: XAT, QA and PRODUCTION.
const HOSTS = { xat: 'portal-xat.nxn.example', qa: 'portal-qa.nxn.example', production: 'portal.nxn.example' };
test.use(hostsOnThisMachine(Object.values(HOSTS)));
const port = READ_ONLY_PORT;
const hydrated = (page: Page) => islandsHydrated(page);

test.describe('the White Label dialog (spec 2.2)', () => {
  for (const [answer, text] of [['an empty list', 'No White Label domains associated with this server.'], ['a server error', 'Error retrieving White Label domains.']] as const) {
    test(`says so when the service answers ${answer}`, async ({ page }) => {
      await page.route('**/nxn-service/public/wlTestUrls', (route) => (answer === 'an empty list'
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
        : route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })));
      await page.goto(`http://${HOSTS.xat}:${port}/app/nxn/login?SMQUERYDATA=q`);
      await page.getByRole('button', { name: 'White Label testing' }).click();
      const dialog = page.getByRole('dialog', { name: 'White Label domains' });
      await expect(dialog.getByText(text)).toBeVisible();
      await expect(dialog.locator('details')).toHaveCount(0);
    });
  }
});

test.describe('the change-password form posts the query of spec 7', () => {
  const currentAction = async (page: Page) => new URL(await page.locator('form[action^="/pw/forms/smpwservices.fcc?"]').getAttribute('action') ?? '', 'http://x');
  const actionOf = async (page: Page, url: string) => {
    await page.goto(url);
    await hydrated(page);
    return currentAction(page);
  };

  test('SMAUTHREASON=34, TARGET URL-encoded, uti, FTUF, fpsRedirect and uid from the page query', async ({ page }) => {
    const action = await actionOf(page, `http://${HOSTS.production}:${port}/self-service/nxn/fps-self-change-pw?uti=internal&FTUF=Y&fpsRedirect=%2Fapp%2Fnxn%2Flogin&uid=mstaff&TARGET=%2Fapps%2Fstatements%3Fyear%3D2026%26tab%3Da%20b`);
    expect(action.pathname).toBe('/pw/forms/smpwservices.fcc');
    expect([...action.searchParams]).toEqual([
      ['SMAUTHREASON', '34'], ['TARGET', '/apps/statements?year=2026&tab=a b'], ['smagentname', 'nxnportal'], ['uti', 'internal'], ['FTUF', 'Y'],
      ['fpsRedirect', '/app/nxn/login'], ['uid', 'mstaff'],
    ]);
    // Encoded, so TARGET's own query does not spill into the form's.
    expect(action.search).toContain('TARGET=%2Fapps%2Fstatements%3Fyear%3D2026%26tab%3Da');
  });

  test('without TARGET it goes home from FPS; without uti, FTUF, fpsRedirect or uid it says both and N and leaves them out', async ({ page }) => {
    const action = await actionOf(page, `http://${HOSTS.production}:${port}/self-service/nxn/fps-self-change-pw`);
    expect([...action.searchParams]).toEqual([['SMAUTHREASON', '34'], ['TARGET', '/apps/home?fromPage=FPS'], ['smagentname', 'nxnportal'], ['uti', 'both'], ['FTUF', 'N']]);
  });

  test('a TARGET on another site is not followed', async ({ page }) => {
    const action = await actionOf(page, `http://${HOSTS.production}:${port}/self-service/nxn/fps-self-change-pw?TARGET=https%3A%2F%2Fevil.example%2F`);
    expect(action.searchParams.get('TARGET')).toBe('/apps/home?fromPage=FPS');
  });

  for (const [brand, host, agent] of [
    ['nxn', HOSTS.qa, 'nxnportalqa'], ['nxn', HOSTS.production, 'nxnportal'], ['cwa', HOSTS.qa, 'nxnclientqa'], ['cwa', HOSTS.production, 'nxnclient'],
  ] as const) {
    test(`smagentname is ${agent} for ${brand} (${brand === 'cwa' ? 'client' : 'investor'} portal) on ${host}`, async ({ page }) => {
      await actionOf(page, `http://${host}:${port}/self-service/${brand}/fps-self-change-pw?uid=jdoe`);
      // The host is resolved by a chunk loaded after the page: the action follows once it lands.
      await expect.poll(async () => (await currentAction(page)).searchParams.get('smagentname')).toBe(agent);
    });
  }

  test('a submit before the host is resolved waits for it and posts to the QA agent', async ({ page }) => {
    let releaseEnvironment = () => {};
    const environmentHeld = new Promise<void>((resolve) => { releaseEnvironment = resolve; });
    await page.route('**/_astro/environment.*.js', async (route) => {
      await environmentHeld;
      await route.continue();
    });
    const posted: string[] = [];
    await page.route('**/pw/forms/smpwservices.fcc?*', async (route) => {
      posted.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>posted</title>' });
    });
    await actionOf(page, `http://${HOSTS.qa}:${port}/self-service/cwa/fps-self-change-pw?uid=jdoe&uti=external`);
    await page.getByLabel('Current password').fill('Old#Pass1');
    await page.getByLabel('New password', { exact: true }).fill('New#Pass1234');
    await page.getByLabel('Confirm new password').fill('New#Pass1234');
    const submit = page.getByRole('button', { name: 'Change password' });
    await submit.click();
    // Held, not posted to PRODUCTION's agent, and not sent twice by a second click.
    await expect(submit).toBeDisabled();
    await requestsSoFarSeen(page);
    expect(posted).toEqual([]);
    releaseEnvironment();
    await expect(page).toHaveTitle('posted');
    expect(posted).toHaveLength(1);
    expect(new URL(posted[0] ?? '').searchParams.get('smagentname')).toBe('nxnclientqa');
  });
});

test('each rule of the password checklist flips as the visitor types', async ({ page }) => {
  await page.goto('/self-service/nxn/fps-self-change-pw?uti=external&uid=jdoe');
  await hydrated(page);
  const rule = (name: string) => page.locator(`li[data-rule="${name}"]`);
  const expectRules = async (met: Record<string, boolean>) => {
    for (const [name, ok] of Object.entries(met)) await expect(rule(name), name).toContainText(ok ? '(met)' : '(not met yet)');
  };
  await page.getByLabel('Current password').fill('Old#Pass1');
  const next = page.getByLabel('New password', { exact: true });
  await expectRules({ length: false, upper: false, lower: false, digit: false, special: false, match: false, differs: false });
  await next.fill('a');
  await expectRules({ length: false, upper: false, lower: true, digit: false, special: false, differs: true });
  await next.fill('aB');
  await expectRules({ upper: true, lower: true, digit: false });
  await next.fill('aB3');
  await expectRules({ digit: true, special: false });
  await next.fill('aB3#');
  await expectRules({ special: true, length: false });
  await next.fill('aB3#efgh');
  await expectRules({ length: true, match: false });
  await page.getByLabel('Confirm new password').fill('aB3#efgh');
  await expectRules({ match: true, differs: true });
  await next.fill('Old#Pass1');
  await expectRules({ differs: false, match: false });
  // Internal users need 16 characters (spec 5).
  await page.goto('/self-service/nxn/fps-self-change-pw?uti=internal&uid=mstaff');
  await hydrated(page);
  await page.getByLabel('New password', { exact: true }).fill('aB3#efghijklmno');
  await expect(rule('length')).toContainText('At least 16 characters (not met yet)');
  await page.getByLabel('New password', { exact: true }).fill('aB3#efghijklmnop');
  await expect(rule('length')).toContainText('(met)');
});

for (const { language, prefix, any, external, internal } of [
  { language: 'en-US', prefix: '', any: 'At least 8 characters (16 for internal users)', external: 'At least 8 characters', internal: 'At least 16 characters' },
  { language: 'de-DE', prefix: '/de-DE', any: 'Mindestens 8 Zeichen (16 für interne Benutzer)', external: 'Mindestens 8 Zeichen', internal: 'Mindestens 16 Zeichen' },
]) {
  test(`the length rule is the user type's from the first paint, before the form's script runs, and does not change when it does (${language})`, async ({ page, browser }) => {
    const rule = page.locator('li[data-rule="length"]');
    // What shows, not what the HTML carries: the static page holds the text of each type.
    const bare = (text: string) => text.replace(/\s*\((not met yet|noch nicht erfüllt)\)$/, '').replace(/^•\s*/, '');
    const shown = async () => bare(await rule.innerText());
    // The page as it arrives, before (or without) its island.
    await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
    for (const [query, expected] of [['uti=external&uid=jdoe', external], ['uti=internal&uid=mstaff', internal], ['uid=jdoe', internal]] as const) {
      await page.goto(`${prefix}/self-service/nxn/fps-self-change-pw?${query}`);
      expect(await shown(), query).toBe(expected);
    }
    await page.unroute(/\/_astro\/.*\.js$/);
    for (const [query, expected] of [['uti=external&uid=jdoe', external], ['uti=internal&uid=mstaff', internal]] as const) {
      await page.goto(`${prefix}/self-service/nxn/fps-self-change-pw?${query}`);
      await hydrated(page);
      expect(await shown(), query).toBe(expected);
    }
    // Without any script the page cannot know the type: it names both lengths.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`${page.url().replace(/\?.*$/, '')}?uti=external&uid=jdoe`);
    expect(bare(await plain.locator('li[data-rule="length"]').innerText())).toBe(any);
    await noScript.close();
  });
}

test('the shipped cwa brand hides Forgot User ID on login and on the forgot-password page', async ({ page }) => {
  await page.goto('/app/cwa/login?SMQUERYDATA=q');
  await expect(page.getByRole('link', { name: 'Forgot Password' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Forgot User ID/i })).toHaveCount(0);
  await page.goto('/self-service/cwa/fps');
  await expect(page.getByLabel('User ID')).toBeVisible();
  await expect(page.getByRole('link', { name: /Forgot.*User ID/i })).toHaveCount(0);
  await page.goto('/app/nxn/login?SMQUERYDATA=q');
  await expect(page.getByRole('link', { name: /Forgot User ID/i })).toBeVisible();
});

test('the wide-login brand lays its login form out wider', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const formWidth = async (brand: string) => {
    await page.goto(`/app/${brand}/login?SMQUERYDATA=q`);
    return page.locator('.login-card').evaluate((card) => card.getBoundingClientRect().width);
  };
  const normal = await formWidth('nxn');
  const wide = await formWidth('summit');
  await expect(page.locator('body')).toHaveClass(/\blogin-wide\b/);
  expect(wide).toBeGreaterThan(normal + 100);
  // 36rem against 26rem (src/styles/global.scss), at the default 16 px root size.
  expect(Math.round(wide)).toBe(576);
  expect(Math.round(normal)).toBe(416);
});
