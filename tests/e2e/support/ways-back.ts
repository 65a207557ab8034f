import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { loadBrands } from '../../../src/config/load-brands.ts';
import { localize } from '../../../src/domain/languages.ts';
import type { Language } from '../../../src/domain/languages.ts';
import { createTranslator } from '../../../src/i18n/translations.ts';
import { islandsHydrated } from './hydration.ts';
import { codeSentTo } from './recovery-page.ts';

/**
 * The walks of issue 22's ways back to login, shared by ways-back-to-login (the bundled server) and
 * ways-back-nginx-smoke (the shipped nginx config): each spec checks the address its server gives the login page;
 * the page itself, signing in and out, and the passcode step are the same.
 */

const brands = new Map(loadBrands(new URL('../../../brands', import.meta.url).pathname).map((brand) => [brand.key, brand]));

/** The page is the brand's login page in the language: its language, brand, title with the brand's name, and heading. */
export async function expectBrandLoginPage(page: Page, wl: string, language: Language): Promise<void> {
  const brand = brands.get(wl);
  if (!brand) throw new Error(`no brand ${wl}`);
  const t = createTranslator(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('body')).toHaveAttribute('data-brand', wl);
  await expect(page).toHaveTitle(`${t('login.title')} | ${localize(brand.config.displayName, language)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('login.heading'));
}

/** On the login page in the language: jdoe signs in, reaches SiteMinder's home and presses Log out there. */
export async function signInThenLogOut(page: Page, language: Language): Promise<void> {
  const t = createTranslator(language);
  await islandsHydrated(page);
  await page.getByLabel(t('login.userId')).fill('jdoe');
  await page.getByLabel(t('login.password'), { exact: true }).fill('Summer#2026');
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/apps\/home$/);
  await page.getByRole('link', { name: 'Log out' }).click();
}

/** On the channel step: chooses the first channel (e-mail) and enters the passcode sent to `email` (read from `emulator`'s outbox). */
export async function enterFirstChannelPasscode(page: Page, language: Language, emulator: APIRequestContext, email: string): Promise<void> {
  const t = createTranslator(language);
  await page.getByRole('button', { name: new RegExp(`${t('recovery.otp.option', { number: 1 })} `) }).click();
  await page.getByLabel(t('recovery.verify.code'), { exact: true }).fill(await codeSentTo(emulator, email));
  await page.getByRole('button', { name: t('recovery.verify.submit') }).click();
}
