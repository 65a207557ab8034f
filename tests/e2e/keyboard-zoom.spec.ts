import { expect, test } from '@playwright/test';
import { focused } from './support/focus.ts';
import { LoginPage } from './support/login-page.ts';
import { islandsHydrated } from './support/hydration.ts';

test('the login page works by keyboard alone: sensible tab order, visible focus, toggle, Enter signs in', async ({ page }) => {
  const login = new LoginPage(page);
  await page.goto('/app/nxn/login?SMQUERYDATA=keyboard');
  await islandsHydrated(page);
  const order: string[] = [];
  for (let press = 0; press < 9; press += 1) {
    await page.keyboard.press('Tab');
    const { label, outlined } = await focused(page);
    expect(outlined, `${label} shows where the focus is`).toBe(true);
    order.push(label);
  }
  // Skip link first, then the header, then the form with its submit (aria-disabled until the form is valid, it
  // stays in the order and says why, issue 34), then Sign in with a passkey (issue 36) and the links.
  expect(order.slice(0, 6)).toEqual([
    'a: Skip to main content', 'a: NXN Investor Services home', 'a: Log In', 'input: User ID', 'input: Password', 'button: Show password',
  ]);
  expect(order.slice(6)).toEqual(['button: Log In', 'button: Sign in with a passkey', 'a: Forgot Password']);

  // The skip link moves focus to the main content.
  await page.keyboard.press('Shift+Tab');
  await page.goto('/app/nxn/login?SMQUERYDATA=keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

  // Type, toggle the password with Space, submit with Enter.
  await page.getByLabel('User ID').focus();
  await page.keyboard.type('jdoe');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Summer#2026');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await page.keyboard.press('Space');
  // The label says what the next press does; focus stays on the toggle.
  await expect(page.getByRole('button', { name: 'Hide password' })).toBeFocused();
  await expect(login.password).toHaveAttribute('type', 'text');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await expect(login.password).toHaveAttribute('type', 'password');
  await page.keyboard.press('Tab');
  await expect(login.logInButton).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(login.signedIn('jdoe')).toBeVisible();
});

test('a field error is tied to its field and announced', async ({ page }) => {
  await page.goto('/app/nxn/login?SMQUERYDATA=keyboard');
  // The island validates once hydrated (Astro drops the ssr attribute then).
  await islandsHydrated(page);
  const userId = page.getByLabel('User ID');
  await userId.fill('j doe');
  await userId.blur();
  await expect(userId).toHaveAttribute('aria-invalid', 'true');
  await expect(userId).toHaveAccessibleDescription('Please enter without spaces');
});

// 200 % zoom of a 1280 x 800 screen is a 640 x 400 CSS-pixel viewport (WCAG 1.4.4); text and controls must
// all stay reachable with no sideways scrolling and no clipped labels.
const ZOOMED = { width: 640, height: 400 };
const PAGES = [
  '/app/nxn/login?SMQUERYDATA=zoom', '/de-DE/app/nxn/login?SMQUERYDATA=zoom', '/self-service/nxn/fps', '/de-DE/self-service/nxn/fuid',
  '/self-service/nxn/fps-self-change-pw?uid=jdoe', '/de-DE/app/nxn/sorry', '/app/summit/login?SMQUERYDATA=zoom', '/app/nxn/cookiePolicy',
];

test.describe('at 200 % zoom', () => {
  test.use({ viewport: ZOOMED });

  for (const path of PAGES) {
    test(`${path} loses nothing`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const report = await page.evaluate(() => {
        const root = document.documentElement;
        const clipped = [...document.querySelectorAll<HTMLElement>('main button, main a, main label, main h1, main h2, main input, .cookie-bar button, .cookie-bar a')]
          .filter((element) => element.offsetParent !== null && element.clientWidth > 1) // visually hidden headings are 1 px on purpose
          .filter((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible')
          .map((element) => element.outerHTML.slice(0, 80));
        const outside = [...document.querySelectorAll<HTMLElement>('main button, main input, main a, .cookie-bar button, .cookie-bar a')]
          .filter((element) => element.offsetParent !== null)
          .filter((element) => { const box = element.getBoundingClientRect(); return box.left < 0 || box.right > root.clientWidth + 1; })
          .map((element) => element.outerHTML.slice(0, 80));
        return { sideways: Math.max(0, root.scrollWidth - root.clientWidth), clipped, outside };
      });
      expect(report).toEqual({ sideways: 0, clipped: [], outside: [] });
    });
  }
});

test.describe('a control that takes the focus is never hidden behind the cookie bar or the support button (WCAG 2.4.11)', () => {
  const FOCUS_PAGES = ['/app/nxn/login?SMQUERYDATA=focus', '/de-DE/app/brightpath529/login?SMQUERYDATA=focus', '/self-service/nxn/fps', '/de-DE/app/nxn/cookiePolicy'];

  for (const viewport of [{ width: 320, height: 568 }, { width: 390, height: 844 }, { width: 1280, height: 720 }]) {
    test(`at ${viewport.width} x ${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of FOCUS_PAGES) {
        await page.goto(path);
        await islandsHydrated(page);
        const hidden: string[] = [];
        const seen = new Set<string>();
        for (let press = 0; press < 40; press += 1) {
          await page.keyboard.press('Tab');
          // Visible when any corner or the centre of the focused control is the top-most thing there.
          const stop = await page.evaluate(() => {
            const element = document.activeElement;
            if (!(element instanceof HTMLElement) || element === document.body) return null;
            const box = element.getBoundingClientRect();
            const points = [[box.left + 1, box.top + 1], [box.right - 1, box.top + 1], [box.left + 1, box.bottom - 1], [box.right - 1, box.bottom - 1], [(box.left + box.right) / 2, (box.top + box.bottom) / 2]];
            const visible = points.some(([x = 0, y = 0]) => {
              const hit = document.elementFromPoint(x, y);
              return hit !== null && (hit === element || element.contains(hit) || hit.contains(element));
            });
            return { label: `${element.tagName.toLowerCase()}: ${(element.textContent ?? '').trim().slice(0, 40)} #${[...document.querySelectorAll('a, button, input')].indexOf(element)}`, visible };
          });
          if (!stop || seen.has(stop.label)) break;
          seen.add(stop.label);
          if (!stop.visible) hidden.push(stop.label);
        }
        expect(seen.size, `${path}: the walk reached the controls`).toBeGreaterThan(5);
        expect(hidden, path).toEqual([]);
      }
    });
  }
});

test.describe('with the text spacing of WCAG 1.4.12', () => {
  // The success criterion's own numbers, applied as a reader's style sheet would (CSSOM, so the CSP allows it).
  const SPACING = '*{line-height:1.5!important;letter-spacing:.12em!important;word-spacing:.16em!important}p{margin-bottom:2em!important}';
  const SPACED_PAGES = [
    '/de-DE/app/nxn/login?SMQUERYDATA=spacing', '/de-DE/self-service/nxn/fps', '/de-DE/self-service/nxn/fps-self-change-pw?uid=jdoe',
    '/de-DE/app/nxn/systemRequirements', '/de-DE/app/nxn/cookiePolicy', '/de-DE/app/nxn/sorry',
  ];

  for (const viewport of [{ width: 320, height: 800 }, { width: 1280, height: 800 }]) {
    test(`no text is cut off and nothing scrolls sideways at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of SPACED_PAGES) {
        await page.goto(path);
        await islandsHydrated(page);
        const report = await page.evaluate((css) => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(css);
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
          const root = document.documentElement;
          const spaced = getComputedStyle(document.body).wordSpacing !== '0px';
          const clipped = [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((element) => element.offsetParent !== null && element.clientWidth > 1 && element.children.length === 0 && (element.textContent ?? '').trim() !== '')
            .filter((element) => {
              const style = getComputedStyle(element);
              return (element.scrollWidth > element.clientWidth + 1 && style.overflowX !== 'visible') || (element.scrollHeight > element.clientHeight + 1 && style.overflowY !== 'visible');
            })
            .map((element) => element.outerHTML.slice(0, 90));
          return { spaced, sideways: Math.max(0, root.scrollWidth - root.clientWidth), clipped };
        }, SPACING);
        expect(report, path).toEqual({ spaced: true, sideways: 0, clipped: [] });
      }
    });
  }
});
