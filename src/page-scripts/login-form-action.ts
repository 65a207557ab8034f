// The plain login form until its island wakes, or when it never can (compiled to ES5 at build time, `?pre-paint`):
// it posts to SiteMinder with this page's query, SMQUERYDATA and a TARGET, and carries TARGET, BGTARGET and
// postpreservationdata in its hidden fields, as the island does (loginFormAction, withSafeTargets). No
// URLSearchParams and no ES2015 library call: browsers too old for the islands (IE) sign in with this form.
import { LOGIN_TARGETS, SITEMINDER_LOGIN_ACTION } from '../contract/siteminder-paths.ts';
import { queryValue } from '../lib/query-value.ts';
import { SAME_ORIGIN_PATH } from '../lib/safe-redirect.ts';

const form = document.getElementById('login-form');
if (form instanceof HTMLFormElement) {
  const given = (name: string): string => queryValue(location.search, name) || '';
  // A target only as a same-origin path, read decoded as isSafeRedirect reads it; anything else is left out, and
  // SiteMinder uses its default.
  const safe = (value: string): string => {
    try {
      return SAME_ORIGIN_PATH.test(decodeURIComponent(value)) ? value : '';
    } catch {
      return '';
    }
  };
  const target = safe(given('TARGET'));
  form.action = `${SITEMINDER_LOGIN_ACTION}?SMQUERYDATA=${encodeURIComponent(given('SMQUERYDATA'))}${target ? `&TARGET=${encodeURIComponent(target)}` : ''}`;
  for (const name of LOGIN_TARGETS) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement) field.value = safe(given(name));
  }
  const preserved = form.elements.namedItem('postpreservationdata');
  if (preserved instanceof HTMLInputElement) preserved.value = given('postpreservationdata');
}
