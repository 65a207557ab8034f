import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { freshEmulatorForEachTest } from './support/emulator.ts';

// Issue 43: no control of a page's main part lies under the support button or the cookie bar, at first sight or
// when it takes the focus, from 320 x 568 to 1280 px, in both languages, with the cookie bar showing. Measured as
// rectangles: a control's box and the button's (or the bar's) must not meet, not by one pixel. The steps after
// the request send passcodes: this spec shares the recovery-accessibility project's emulator (one spec at a time).
freshEmulatorForEachTest();

const VIEWPORTS = [
  { width: 320, height: 568 }, { width: 360, height: 740 }, { width: 390, height: 844 }, { width: 600, height: 960 },
  { width: 767, height: 1024 }, { width: 768, height: 1024 }, { width: 1024, height: 768 }, { width: 1280, height: 720 }, { width: 1280, height: 1024 },
];

/** The controls of `main` (and the cookie bar's) that meet the support button or the cookie bar: "label under what: share". */
async function covered(page: Page, only: 'all' | 'focused'): Promise<string[]> {
  return page.evaluate((which) => {
    const shown = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
    const over = [...document.querySelectorAll('.support-button, .cookie-bar')].filter(shown);
    const controls = which === 'focused'
      ? [document.activeElement].filter((element): element is Element => element instanceof Element && element.closest('main, .cookie-bar') !== null)
      : [...document.querySelectorAll('main :is(a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"])), .cookie-bar :is(a[href], button)')].filter(shown);
    const found: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (const obstacle of over) {
        if (obstacle.contains(control)) continue;
        const cover = obstacle.getBoundingClientRect();
        const width = Math.min(box.right, cover.right) - Math.max(box.left, cover.left);
        const height = Math.min(box.bottom, cover.bottom) - Math.max(box.top, cover.top);
        if (width > 0 && height > 0) {
          const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim() || (control.getAttribute('name') ?? control.tagName);
          found.push(`${name.slice(0, 40)} under ${obstacle.classList.contains('cookie-bar') ? 'the cookie bar' : 'the support button'}: ${Math.round((100 * width * height) / (box.width * box.height))} %`);
        }
      }
    }
    return found;
  }, only);
}

/**
 * Windows too short for the button to keep the page's end (under 30em: 400 % zoom, a phone held sideways, a laptop
 * zoomed): it stays fixed in view there, and a control reaches under it at first sight; the page's scroll padding
 * scrolls each control clear of it as it takes the focus (WCAG 2.4.11). Without that padding the focused field,
 * Log In or Show password lay under it here (found verifying issue 43: no test failed on its removal).
 */
const SHORT_VIEWPORTS = [{ width: 320, height: 256 }, { width: 600, height: 400 }, { width: 800, height: 400 }, { width: 1024, height: 450 }];

/** At each viewport: at first sight (the page at its top) unless `focusOnly`, then each control as the Tab key reaches it. */
async function measure(page: Page, what: string, viewports = VIEWPORTS, focusOnly = false): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => { window.scrollTo(0, 0); (document.activeElement as HTMLElement | null)?.blur(); });
    const at = `${what} at ${viewport.width} x ${viewport.height}`;
    await expect(page.locator('.support-button'), `${at}: the support button shows`).toBeVisible();
    if (!focusOnly) found.push(...(await covered(page, 'all')).map((cover) => `${at}, at first sight: ${cover}`));
    const seen = new Set<string>();
    for (let press = 0; press < 60; press += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement;
        return {
          label: element === null || element === document.body ? 'body' : `${element.tagName} ${String([...document.querySelectorAll('*')].indexOf(element))}`,
          last: element?.classList.contains('support-button') ?? false,
        };
      });
      if (seen.has(stop.label) || stop.last) break;
      seen.add(stop.label);
      found.push(...(await covered(page, 'focused')).map((cover) => `${at}, focused: ${cover}`));
    }
    expect(seen.size, `${at}: the Tab walk went through the page`).toBeGreaterThan(3);
  }
  return found;
}

const LANGUAGES = [{ language: 'en-US', prefix: '', userId: 'User ID' }, { language: 'de-DE', prefix: '/de-DE', userId: 'Benutzerkennung' }] as const;

for (const { language, prefix, userId } of LANGUAGES) {
  test(`${language}: login with the cookie bar showing: nothing of the page lies under the support button or the bar`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`${prefix}/app/nxn/login?SMQUERYDATA=room`);
    await expect(page.getByTestId('cookie-bar')).toBeVisible();
    expect(await measure(page, 'login')).toEqual([]);
  });

  test(`${language}: the recovery request steps: nothing of the page lies under the support button`, async ({ page }) => {
    test.setTimeout(300_000);
    for (const path of ['/self-service/nxn/fps', '/self-service/nxn/fuid', '/self-service/nxn/fps?FTUF=Y']) {
      await page.goto(`${prefix}${path}`);
      expect(await measure(page, path)).toEqual([]);
    }
  });

  test(`${language}: the channel and passcode steps: nothing of the page lies under the support button`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto(`${prefix}/self-service/nxn/fps`);
    await page.getByLabel(userId).fill('jdoe');
    await page.getByLabel(userId).press('Enter');
    await expect(page.locator('.step-heading')).toBeFocused();
    expect(await measure(page, 'the channel step')).toEqual([]);
    await page.locator('.otp-step button').first().click();
    await expect(page.locator('input[name=otp]')).toBeVisible();
    expect(await measure(page, 'the passcode step')).toEqual([]);
  });

  test(`${language}: in a short window a control that takes the focus is scrolled clear of the support button and the bar`, async ({ page }) => {
    test.setTimeout(300_000);
    for (const path of ['/app/nxn/login?SMQUERYDATA=room', '/self-service/nxn/fps', '/self-service/nxn/fuid', '/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N']) {
      await page.goto(`${prefix}${path}`);
      expect(await measure(page, path, SHORT_VIEWPORTS, true)).toEqual([]);
    }
  });

  test(`${language}: change password: nothing of the page lies under the support button`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto(`${prefix}/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N`);
    expect(await measure(page, 'change password')).toEqual([]);
  });
}
