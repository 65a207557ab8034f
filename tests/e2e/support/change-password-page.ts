import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The change-password form's accessible names in one language. */
interface ChangePasswordLabels { current: string; newPassword: string; confirm: string; submit: string; show: string }
const ENGLISH: ChangePasswordLabels = {
  current: 'Temporary or current password', newPassword: 'New password', confirm: 'Confirm new password', submit: 'Change password', show: 'Show passwords',
};
export const GERMAN_CHANGE_PASSWORD: ChangePasswordLabels = {
  current: 'Temporäres oder aktuelles Passwort', newPassword: 'Neues Passwort', confirm: 'Neues Passwort bestätigen', submit: 'Passwort ändern', show: 'Passwörter anzeigen',
};

/** Drives the change-password page (fps-self-change-pw) by labels and roles. */
export class ChangePasswordPage {
  readonly page: Page;
  readonly current: Locator;
  readonly newPassword: Locator;
  readonly confirm: Locator;
  readonly submitButton: Locator;
  readonly showPasswords: Locator;
  /** The page's error banner (SMPWERR). */
  readonly banner: Locator;
  /** The checklist's rules not met yet. */
  readonly unmetRules: Locator;

  constructor(page: Page, labels: ChangePasswordLabels = ENGLISH) {
    this.page = page;
    this.current = page.getByLabel(labels.current);
    this.newPassword = page.getByLabel(labels.newPassword, { exact: true });
    this.confirm = page.getByLabel(labels.confirm);
    this.submitButton = page.getByRole('button', { name: labels.submit });
    this.showPasswords = page.getByRole('button', { name: labels.show });
    this.banner = page.getByRole('alert');
    this.unmetRules = page.locator('.rules__item:not(.rules__item--met)');
  }

  /** Opens the page with its query (uid, uti, FTUF, SMPWERR), in a language's path prefix if given. */
  async goto(query: string, prefix = ''): Promise<void> {
    await this.page.goto(`${prefix}/self-service/nxn/fps-self-change-pw?${query}`);
  }

  /** Types the new password and its confirmation (the same unless a different one is given). */
  async fillNew(next: string, confirmation = next): Promise<void> {
    await this.newPassword.fill(next);
    await this.confirm.fill(confirmation);
  }

  async fill(current: string, next: string, confirmation = next): Promise<void> {
    await this.current.fill(current);
    await this.fillNew(next, confirmation);
  }

  /**
   * Submits once the island holds what was typed: the checklist shows every rule met. A click that lands
   * while the island is still hydrating (a busy machine) would otherwise be refused as an empty form.
   */
  async submit(): Promise<void> {
    await expect(this.unmetRules).toHaveCount(0);
    await this.submitButton.click();
  }

  /** The checklist as the visitor reads it: each rule's text and whether it shows as met. */
  async ruleStates(): Promise<Array<{ rule: string; met: boolean }>> {
    return this.page.locator('.rules__item').evaluateAll((items) => items.map((item) => ({
      rule: (item.textContent ?? '').replace(/\s+/g, ' ').trim(), met: item.classList.contains('rules__item--met'),
    })));
  }

  /** One rule of the checklist, by its text. */
  rule(text: string | RegExp): Locator {
    return this.page.locator('.rules__item', { hasText: text });
  }
}
