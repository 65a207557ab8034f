import type { Locator, Page } from '@playwright/test';

/** The login form's accessible names in one language. */
interface LoginLabels { userId: string; password: string; logIn: string; exactLogIn: boolean }
const ENGLISH: LoginLabels = { userId: 'User ID', password: 'Password', logIn: 'Log In', exactLogIn: false };
export const GERMAN_LOGIN: LoginLabels = { userId: 'Benutzerkennung', password: 'Passwort', logIn: 'Anmelden', exactLogIn: true };

/** Drives the login page the way a visitor does, by labels and roles. */
export class LoginPage {
  readonly page: Page;
  readonly userId: Locator;
  readonly password: Locator;
  readonly logInButton: Locator;
  /** The login banner (SMUSRMSG, a failed login). */
  readonly banner: Locator;

  constructor(page: Page, labels: LoginLabels = ENGLISH) {
    this.page = page;
    this.userId = page.getByLabel(labels.userId);
    this.password = page.getByLabel(labels.password, { exact: true });
    this.logInButton = page.getByRole('button', { name: labels.logIn, exact: labels.exactLogIn });
    this.banner = page.getByRole('alert');
  }

  /** Opens a brand's login page with the given query (SMQUERYDATA and the rest). */
  async goto(query = 'SMQUERYDATA=q', brand = 'nxn'): Promise<void> {
    await this.page.goto(`/app/${brand}/login?${query}`);
  }

  async fillCredentials(userId: string, password: string): Promise<void> {
    await this.userId.fill(userId);
    await this.password.fill(password);
  }

  async submit(): Promise<void> {
    await this.logInButton.click();
  }

  async logIn(userId: string, password: string): Promise<void> {
    await this.fillCredentials(userId, password);
    await this.submit();
  }

  /** What /apps/home shows a signed-in user. */
  signedIn(userId: string): Locator {
    return this.page.getByRole('heading', { name: `Signed in as ${userId}` });
  }
}
