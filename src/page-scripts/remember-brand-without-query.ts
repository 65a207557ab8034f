// The login page's first script, compiled to ES5 at build time (`?pre-paint`): without a non-empty SMQUERYDATA
// the login page is not for this visitor, who goes before anything paints. SiteMinder sends them on to the site
// root, which follows the white-label cookie (design.md): the brand of this page's address is stamped first
// (rememberBrand), so every way back to login (Cancel, Log In, Go To Login) keeps the brand. The address, not
// the body (not parsed yet), names it, so the script and its hash are the same for every brand. ES5 without
// URLSearchParams: browsers too old for the islands (IE) still get the redirect.
import { BRAND_KEY_FORMAT } from '../domain/brands.ts';
import { rememberBrand } from '../lib/white-label-cookie.ts';

if (!/[?&]SMQUERYDATA=[^&]/.test(location.search)) {
  const brand = new RegExp(`/app/(${BRAND_KEY_FORMAT})/login`).exec(location.pathname);
  if (brand) rememberBrand(document, brand[1], location.protocol === 'https:');
  location.replace('/apps/home');
}
