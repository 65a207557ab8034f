import type { Page } from '@playwright/test';

/** Collects what must never happen: an attacker's script running, a page crash, a CSP violation. */
export function watch(page: Page): string[] {
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

/** What an attacker's script sets when it runs. */
export const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

/** Input no form expects. */
export const ODD_INPUT = {
  oversized: 'a'.repeat(10_000),
  unicode: 'Zoë 张伟 🙂 e\u0301',
  rtlOverride: 'jdoe\u202Etxt.exe',
  control: 'jd\u0000oe\u0007\u001b[31m',
};
