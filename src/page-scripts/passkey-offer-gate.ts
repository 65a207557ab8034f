// Before the first paint of `/app/{wl}/passkey` (compiled to ES5 at build time, `?pre-paint`): with a TARGET
// the page is the offer after a password sign-in (`passkey-offer` class), without it Your passkeys; only the
// right one paints. A browser that runs no modules (the page's script would never come), or whose module has
// not started within OFFER_WATCHDOG_MS (its chunk lost or refused), goes straight on to TARGET: the offer never
// holds up a password sign-in. TARGET is followed only when isSafeRedirect allows it, the rule the module
// follows too; anything else, or a browser too old to check it, goes to SiteMinder's home.
import { SITEMINDER_HOME } from '../contract/siteminder-paths.ts';
import { OFFER_WATCHDOG_MS } from '../lib/passkey-support.ts';
import { queryValue } from '../lib/query-value.ts';
import { isSafeRedirect } from '../lib/safe-redirect.ts';

const given = queryValue(location.search, 'TARGET');
if (given !== null) {
  const root = document.documentElement;
  root.className += ' passkey-offer';
  const goOn = (): void => {
    // The module marks the page once it runs; from then on it decides.
    if (root.getAttribute('data-passkey-offer')) return;
    let target = SITEMINDER_HOME;
    try {
      if (isSafeRedirect(given, location.origin)) {
        const url = new URL(given, location.href);
        target = url.pathname + url.search + url.hash;
      }
    } catch {
      // A malformed TARGET, or a browser without URL or String#startsWith: SiteMinder's home.
    }
    location.replace(target);
  };
  if (!('noModule' in document.createElement('script'))) goOn();
  else setTimeout(goOn, OFFER_WATCHDOG_MS);
}
