// The change-password form's user id from the query (`uid`, passed by the recovery flow), filled in where the
// form is parsed, as the island would (compiled to ES5 at build time, `?pre-paint`): the island wakes only when the
// visitor engages, and the page shows the id from the first paint. A value already there (typed, or kept by the
// browser) stays.
import { queryValue } from '../lib/query-value.ts';

const field = document.querySelector('.recovery-card input[name=USERNAME]');
const uid = queryValue(location.search, 'uid');
if (field instanceof HTMLInputElement && uid !== null && !field.value) field.value = uid;
