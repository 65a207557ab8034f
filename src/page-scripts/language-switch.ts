// The cookie name of src/lib/display-language.ts, repeated so this footer script stays one tiny file.
const LANGUAGE_COOKIE = 'USER_DISPLAY_LANGUAGE';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The footer language links work without script (explicit-language URLs); with script they also
 * remember the choice in the language cookie and keep the query string, so a login page keeps its
 * SMQUERYDATA.
 */
export function enhanceLanguageSwitch(root: Document): void {
  root.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]').forEach((link) => {
    link.addEventListener('click', () => {
      const value = link.dataset['languageSwitch'] ?? '';
      const secure = location.protocol === 'https:' ? '; Secure' : '';
      root.cookie = `${LANGUAGE_COOKIE}=${value}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
      link.href = `${link.pathname}${location.search}${location.hash}`;
    });
  });
}
