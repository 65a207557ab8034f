// The first script of a page that is only ever in the default language, compiled to ES5 at build time
// (`?pre-paint`, src/layouts/PortalShell.astro): it follows the language cookie (language-cookie.ts). A page in
// the default language never writes the cookie, so this version carries no cookie writer: it is on every
// English page, in the bytes before first paint. The same text on every such page, so one CSP hash covers it.
import { followLanguageCookie } from './language-cookie.ts';

try {
  followLanguageCookie();
} catch {
  // A browser that refuses cookies (or a script error) keeps the page it asked for.
}
