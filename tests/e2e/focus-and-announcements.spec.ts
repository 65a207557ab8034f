import { expect, test } from '@playwright/test';
import { GERMAN_LOGIN, LoginPage } from './support/login-page.ts';
import { ChangePasswordPage, GERMAN_CHANGE_PASSWORD } from './support/change-password-page.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { focused, sampleFocus } from './support/focus.ts';
import { announcements, recordAnnouncements } from './support/live-regions.ts';
import { pageRanOn } from './support/sampling.ts';

// Issue 43, driven by the keyboard with a live-region recorder (support/live-regions.ts): the focus never falls to
// the body on the request step, Log In or Change password; what is said is said (the spinner's words, the rules the
// first keys meet); a refused submit's reason is gone once mended. Split from recovery-accessibility.spec.ts (the
// same project, origin and emulator, one spec at a time).
freshEmulatorForEachTest();

// Issue 43: the focus never falls to the body, what is said is said, and a reason that no longer holds is gone.
const REFUSED = [
  { language: 'en-US', path: '/self-service/nxn/fps', userId: 'User ID', go: 'Continue', refused: 'We could not find a way to verify this User ID. Please check it and try again.', wait: 'Please wait…', reason: 'User ID: field required Please fill in User ID.' },
  { language: 'en-US (first-time user)', path: '/self-service/nxn/fps?FTUF=Y', userId: 'User ID', go: 'Continue', refused: 'We could not find a way to verify this User ID. Please check it and try again.', wait: 'Please wait…', reason: 'User ID: field required Please fill in User ID.' },
  { language: 'de-DE', path: '/de-DE/self-service/nxn/fps', userId: 'Benutzerkennung', go: 'Weiter', refused: 'Für diese Benutzerkennung ist keine Bestätigung möglich. Bitte prüfen Sie Ihre Eingabe.', wait: 'Bitte warten…', reason: 'Benutzerkennung: Pflichtfeld Bitte füllen Sie das Feld „Benutzerkennung“ aus.' },
  { language: 'de-DE (first-time user)', path: '/de-DE/self-service/nxn/fps?FTUF=Y', userId: 'Benutzerkennung', go: 'Weiter', refused: 'Für diese Benutzerkennung ist keine Bestätigung möglich. Bitte prüfen Sie Ihre Eingabe.', wait: 'Bitte warten…', reason: 'Benutzerkennung: Pflichtfeld Bitte füllen Sie das Feld „Benutzerkennung“ aus.' },
] as const;

for (const walk of REFUSED) {
  test(`${walk.language}: an id the service refuses, Tab to ${walk.go}, Enter: "${walk.wait}" and the alert are said, and the focus goes to the field, never the body`, async ({ page }) => {
    await recordAnnouncements(page);
    // The service's answer waits until the test has seen the wizard busy (the network, not the module).
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => { answer = resolve; });
    await page.route('**/portal-login-service/public/**', async (route) => { await answered; await route.continue(); });
    await page.goto(walk.path);
    await page.getByLabel(walk.userId).focus();
    await page.keyboard.type('nosuchuser');
    await page.keyboard.press('Tab');
    expect((await focused(page)).label).toBe(`button: ${walk.go}`);
    // Sampled at every frame from the press on: the focus is never on the body, not for one frame.
    const seen = await sampleFocus(page);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await announcements(page)).map(({ text }) => text)).toContain(walk.wait);
    answer();
    await expect(page.getByRole('alert')).toHaveText(walk.refused);
    await expect(page.getByLabel(walk.userId)).toBeFocused();
    await pageRanOn(page, 300);
    expect(new Set(await seen())).not.toContain('body');
    expect((await announcements(page)).map(({ politeness, text }) => `${politeness}: ${text}`)).toEqual([`polite: ${walk.wait}`, `assertive: ${walk.refused}`]);
    // Mended and sent again by keyboard: on to the next step, the focus on its heading.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('jdoe');
    await page.keyboard.press('Enter');
    await expect(page.locator('.step-heading')).toBeFocused();
  });

  test(`${walk.language}: a refused Continue's reason is said, and gone from the page once the field is mended`, async ({ page }) => {
    await recordAnnouncements(page);
    await page.goto(walk.path);
    await page.getByLabel(walk.userId).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(walk.userId)).toBeFocused();
    const refusal = page.getByTestId('refusal');
    await expect(refusal).toHaveText(walk.reason);
    expect((await announcements(page)).filter(({ text }) => text === walk.reason)).toHaveLength(1);
    await page.keyboard.type('j');
    // What a screen reader meets reading on: no error that is gone.
    await expect(refusal).toHaveText('');
    await expect(page.getByText(walk.reason)).toHaveCount(0);
  });
}

// Issue 43's walk asked both languages: the German Log In is a longer word in a narrower row, and its own texts.
const LOGINS = [
  { language: 'en-US', prefix: '', labels: undefined, logIn: 'Log In', busy: 'Logging in…', reasons: 'User ID: User ID is required. Password: Password is required.' },
  { language: 'de-DE', prefix: '/de-DE', labels: GERMAN_LOGIN, logIn: 'Anmelden', busy: 'Anmeldung läuft…', reasons: 'Benutzerkennung: Benutzerkennung ist erforderlich. Passwort: Passwort ist erforderlich.' },
] as const;

for (const walk of LOGINS) test(`login (${walk.language}): a refused ${walk.logIn}'s reasons go once the fields are mended, and Enter on ${walk.logIn} keeps the focus while the form goes out`, async ({ page }) => {
  await recordAnnouncements(page);
  const login = new LoginPage(page, walk.labels);
  await page.goto(`${walk.prefix}/app/nxn/login?SMQUERYDATA=focus`);
  await login.userId.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(login.logInButton).toBeFocused();
  await page.keyboard.press('Enter');
  const refusal = page.getByTestId('refusal');
  const { reasons } = walk;
  await expect(refusal).toHaveText(reasons);
  await expect(login.userId).toBeFocused();
  expect((await announcements(page)).filter(({ text }) => text === reasons)).toHaveLength(1);
  await page.keyboard.type('jdoe');
  await expect(refusal).toHaveText('');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Summer#2026');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(login.logInButton).toBeFocused();
  // Until SiteMinder's answer replaces the page, Log In is busy, refuses a second press and keeps the focus. The
  // answer is held as No Content (the page stays, as it does while a slow answer is on its way), and where the
  // focus is is sampled at every frame from the press on.
  await page.route('**/ProcessLogin.fcc**', (route) => route.fulfill({ status: 204 }));
  const seen = await sampleFocus(page);
  const posted = page.waitForRequest('**/ProcessLogin.fcc**');
  await page.keyboard.press('Enter');
  await posted;
  await expect.poll(async () => (await seen()).filter((label) => label === `button: ${walk.busy}`).length).toBeGreaterThan(20);
  expect(new Set(await seen())).toEqual(new Set([`button: ${walk.logIn}`, `button: ${walk.busy}`]));
  expect(await login.userId.inputValue()).toBe('jdoe');
});

for (const language of ['en-US', 'de-DE'] as const) {
  test(`change password (${language}): the rules the first keys meet are said, though those keys are what wake the island`, async ({ page }) => {
    await recordAnnouncements(page);
    await page.goto(`${language === 'de-DE' ? '/de-DE' : ''}/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N`);
    // The island's code comes only after the first keys (a phone's network): they land in the static page.
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => { arrive = resolve; });
    await page.route((url) => url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js'), async (route) => { await arrived; await route.continue(); });
    await page.getByLabel(language === 'de-DE' ? 'Neues Passwort' : 'New password', { exact: true }).focus();
    await page.keyboard.type('Wa');
    expect(await page.locator('astro-island[component-url*="/ChangePasswordForm."][ssr]').count()).toBe(1);
    arrive();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.keyboard.type('lked#Keys2027');
    const said = (await announcements(page)).map(({ text }) => text).join(' | ');
    for (const rule of language === 'de-DE'
      ? ['Einen Großbuchstaben: erfüllt', 'Einen Kleinbuchstaben: erfüllt', 'Ein Sonderzeichen: erfüllt']
      : ['An uppercase letter: met', 'A lowercase letter: met', 'Differs from the current password: met', 'A special character: met', 'A number: met']) {
      expect(said, rule).toContain(rule);
    }
  });
}

// Issue 43: a submit pressed before the host's environment code is in is held (the form's action needs its agent);
// held, Change password is aria-disabled, not disabled, so the focus stays on it and never drops to the body.
for (const walk of [{ language: 'en-US', prefix: '', labels: undefined }, { language: 'de-DE', prefix: '/de-DE', labels: GERMAN_CHANGE_PASSWORD }] as const) {
  test(`change password (${walk.language}): Enter on the submit while the host's code is on its way keeps the focus on it, never the body, and then it posts`, async ({ page }) => {
    // SiteMinder's answer stands in for the post: jdoe's password stays as it is. The environment code is held at
    // the network until the test has seen the held submit (not the module: its code simply has not come yet).
    await page.route((url) => url.pathname === '/pw/forms/smpwservices.fcc', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>posted</title>' }));
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => { arrive = resolve; });
    await page.route((url) => /^\/_astro\/environment\.[\w-]+\.js$/.test(url.pathname), async (route) => { await arrived; await route.continue(); });
    const form = new ChangePasswordPage(page, walk.labels);
    await form.goto('uid=jdoe&uti=external&FTUF=N', walk.prefix);
    await form.current.focus();
    await page.keyboard.type('Summer#2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Winter#2027x');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Winter#2027x');
    await expect(form.unmetRules).toHaveCount(0);
    await form.submitButton.focus();
    const seen = await sampleFocus(page);
    await page.keyboard.press('Enter');
    await expect(form.submitButton).toHaveAttribute('aria-busy', 'true');
    await expect(form.submitButton).toHaveAttribute('aria-disabled', 'true');
    await pageRanOn(page, 300);
    await expect(form.submitButton).toBeFocused();
    const submit = await form.submitButton.innerText();
    expect(new Set(await seen())).toEqual(new Set([`button: ${submit}`]));
    const posted = page.waitForRequest((request) => request.url().includes('/pw/forms/smpwservices.fcc'));
    arrive();
    expect(new URL((await posted).url()).searchParams.get('smagentname')).toBe('nxnportal');
  });
}
