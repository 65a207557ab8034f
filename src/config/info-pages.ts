import type { TranslationKey } from '../i18n/translations.ts';
import type { InfoPage } from '../lib/portal-routes.ts';

/** One info page that shows a content text: its route, its content file and its title. */
export interface ContentInfoPage {
  /** The route after `/app/{wl}/` (spec 2.1). */
  route: InfoPage;
  /** The content file, `content/<site>/<content>.json` (the gateway's when the German site has none). */
  content: string;
  /** The translation of the page's title and heading. */
  title: TranslationKey;
}

/**
 * The info pages of spec 2.1 that SiteMinder sends visitors to, besides system requirements and the cookie
 * policy (pages of their own): each shows its content text and a way back to the brand's login.
 */
export const CONTENT_INFO_PAGES: readonly ContentInfoPage[] = [
  { route: 'termsOfUse', content: 'termsofuse', title: 'pages.termsOfUse.title' },
  { route: 'accessDenied', content: 'accessdenied', title: 'pages.accessDenied.title' },
  { route: 'loggedOut', content: 'loggedout', title: 'pages.loggedOut.title' },
  { route: 'samlError', content: 'samlerror', title: 'pages.samlError.title' },
  { route: 'sessionExpired', content: 'sessionexpired', title: 'pages.sessionExpired.title' },
  { route: 'systemUnavailable', content: 'systemunavailable', title: 'pages.systemUnavailable.title' },
];
