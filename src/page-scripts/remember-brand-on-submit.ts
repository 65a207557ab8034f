// rememberBrand for a form that posts to SiteMinder without its island (a browser spec 9 supports that runs no
// island: no ES modules, no custom elements), compiled to ES5 at build time (`?pre-paint`) for a page's classic
// inline script, run before the body is parsed. Every submit that goes out (none the island's directive holds or
// the island's checks refuse) first writes the page's brand (the body's `data-brand`) in the white-label cookie.
// The same text on every page, so one CSP hash covers it.
import { rememberBrand } from '../lib/white-label-cookie.ts';

document.addEventListener('submit', (event) => {
  if (!event.defaultPrevented) rememberBrand(document, document.body.getAttribute('data-brand'), location.protocol === 'https:');
});
