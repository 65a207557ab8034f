// The change-password page's pre-paint script (compiled to ES5 at build time, `?pre-paint`): it puts the length
// rule of the query's user type (`uti`) on the root element, `data-uti="external"` or `"internal"`, by the rules the
// form itself follows (userTypeNamed, lengthRuleOf), so the static HTML, the same for every visitor, shows the
// length that visitor needs before the island has loaded. Without script the attribute is missing and the page
// names both lengths. A user type the query names outright also reaches the support dialog (`data-user-type`, once
// the body is parsed), so staff see their own help desk before the form's island wakes. No URLSearchParams: the
// plain form of a browser too old for the islands shows the right length too.
import { userTypeNamed } from '../domain/flows.ts';
import { lengthRuleOf } from '../domain/password-rules.ts';
import { queryValue } from '../lib/query-value.ts';

const type = userTypeNamed(queryValue(location.search, 'uti'));
document.documentElement.setAttribute('data-uti', lengthRuleOf(type));
if (type !== 'both') {
  document.addEventListener('DOMContentLoaded', () => {
    document.getElementById('support-dialog')?.setAttribute('data-user-type', type);
  });
}
