import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { codeSentTo, lastTemporaryPassword, RecoveryPage } from './support/recovery-page.ts';
import { LoginPage } from './support/login-page.ts';
import { ChangePasswordPage } from './support/change-password-page.ts';
import { islandsHydrated } from './support/hydration.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { focused } from './support/focus.ts';

// The recovery flows by keyboard alone: the tab order, a visible focus at every stop, each step's heading taking
// the focus, Enter and Space. Project recovery-accessibility (its origin and emulator, one spec at a time).
freshEmulatorForEachTest();

test.describe('by keyboard alone', () => {
  /** Presses Tab `count` times; every stop must show where the focus is. Returns the stops as "tag: name". */
  async function tab(page: Page, count: number): Promise<string[]> {
    const stops: string[] = [];
    for (let press = 0; press < count; press += 1) {
      await page.keyboard.press('Tab');
      const { label, outlined } = await focused(page);
      expect(outlined, `${label} shows where the focus is`).toBe(true);
      stops.push(label);
    }
    return stops;
  }

  /** On the channel step (its heading focused): Tab to option #1, Enter, then key in the code sent to `to` and Enter. */
  async function firstChannelByKeyboard(page: Page, request: APIRequestContext, to: string): Promise<void> {
    await expect(page.getByRole('heading', { name: 'Send passcode' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Passcode', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type(await codeSentTo(request, to));
    await page.keyboard.press('Enter');
  }

  test('forgot password: tab order, visible focus, each step takes the focus, Enter and Space work, the new password signs in', async ({ page, request }) => {
    const recovery = new RecoveryPage(page);
    const changePassword = new ChangePasswordPage(page);
    const login = new LoginPage(page);
    await page.goto('/self-service/nxn/fps');
    await islandsHydrated(page);
    // Continue is in the order while the form is invalid too (aria-disabled): it says why, and a press is refused aloud.
    expect(await tab(page, 7)).toEqual([
      'a: Skip to main content', 'a: NXN Investor Services home', 'a: Log In', 'input: User ID', 'button: Continue', 'button: Cancel', 'a: Forgot your User ID?',
    ]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('jdoe');
    expect(await tab(page, 2)).toEqual(['button: Continue', 'button: Cancel']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    // Each new step announces itself: its heading takes the focus.
    await expect(page.getByRole('heading', { name: 'Send passcode' })).toBeFocused();
    expect(await tab(page, 3)).toEqual(['button: Send passcode: Option #1 Email', 'button: Send passcode: Option #2 SMS', 'button: Send passcode: Option #3 Call']);
    // Back one to SMS, chosen with Space.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { name: 'Passcode', exact: true })).toBeFocused();
    expect(await tab(page, 1)).toEqual(['input: Passcode']);
    await page.keyboard.type(await codeSentTo(request, '201-555-0147'));
    expect(await tab(page, 3)).toEqual(['button: Show passcode', 'button: Submit', 'button: Return to previous page']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect(recovery.passcode).toHaveAttribute('type', 'text');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/fps-self-change-pw/);
    await islandsHydrated(page);
    const temporary = await lastTemporaryPassword(request);
    await changePassword.current.focus();
    await page.keyboard.type(temporary);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard#Only2027');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard#Only2027');
    expect(await tab(page, 2)).toEqual(['button: Show passwords', 'button: Change password']);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/nxn\/login\?.*fromPage=FPS/);
    await login.logIn('jdoe', 'Keyboard#Only2027');
    await expect(login.signedIn('jdoe')).toBeVisible();
  });

  test('forgot user id: the form, the channel and the code by keyboard, ending on the INFO step', async ({ page, request }) => {
    await page.goto('/self-service/nxn/fuid');
    await islandsHydrated(page);
    await page.getByLabel('First name').focus();
    await page.keyboard.type('John');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Doe');
    await page.keyboard.press('Tab');
    await page.keyboard.type('john.doe@example.com');
    expect(await tab(page, 1)).toEqual(['button: Continue']);
    await page.keyboard.press('Enter');
    await firstChannelByKeyboard(page, request, 'john.doe@example.com');
    await expect(page.getByRole('heading', { name: 'Your User ID is on its way' })).toBeFocused();
    expect(await tab(page, 1)).toEqual(['a: Back to login']);
  });

  test('first-time user: Enter through every step to the password of their own', async ({ page, request }) => {
    const changePassword = new ChangePasswordPage(page);
    await page.goto('/self-service/nxn/fps?FTUF=Y');
    await islandsHydrated(page);
    await page.getByLabel('User ID').focus();
    await page.keyboard.type('newuser');
    await page.keyboard.press('Enter');
    await firstChannelByKeyboard(page, request, 'nina.new@example.com');
    await expect(page).toHaveURL(/fps-self-change-pw\?.*FTUF=Y/);
    await islandsHydrated(page);
    await changePassword.current.focus();
    for (const text of ['Welcome#2026', 'Own#Keys2027', 'Own#Keys2027']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Tab');
    await expect(changePassword.submitButton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/nxn\/login/);
  });

  test('the support dialog opens with Enter, keeps the focus inside, closes with Escape and gives the focus back', async ({ page }) => {
    await page.goto('/self-service/nxn/fps');
    await islandsHydrated(page);
    const support = page.getByRole('button', { name: 'Support' });
    await support.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Tabbing round the open dialog never reaches the page behind it, and reaches each of its controls (the body
    // has the focus only while it is in the browser's own controls, between two rounds).
    const controls = await dialog.locator('a[href], button').evaluateAll((found) => found.filter((element) => element.checkVisibility()).length);
    const reached = new Set<string>();
    for (let press = 0; press < 2 * controls + 2; press += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return 'body';
        return active.closest('dialog') ? `dialog: ${active.outerHTML}` : `behind: ${active.outerHTML}`;
      });
      expect(where, `Tab ${String(press + 1)}`).not.toMatch(/^behind/);
      if (where !== 'body') reached.add(where);
    }
    expect(reached.size).toBe(controls);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(support).toBeFocused();
  });
});
