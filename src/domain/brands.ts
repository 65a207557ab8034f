/**
 * The format of a white-label key, the one definition of it: a regular expression's source without anchors,
 * so the brand schema, every host's routes (nginx locations, the bundled server), the cookies and the emulator
 * read the same text. ASCII lowercase letters, digits and inner hyphens, 1 to 40 of them: whatever a route
 * captures with it and writes into a Location header can carry no CR, LF, space or non-ASCII byte.
 */
export const BRAND_KEY_FORMAT = '[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?';

/** A whole value in the brand key's format. */
export const BRAND_KEY = new RegExp(`^${BRAND_KEY_FORMAT}$`);

/** Whether a value (a URL segment, a cookie, a form field) is in the brand key's format. */
export const isBrandKey = (value: string): boolean => BRAND_KEY.test(value);

/** The brand every unqualified URL falls back to (spec 1). */
export const DEFAULT_BRAND = 'nxn';

/** Brands whose Forgot User ID link is hidden unless their config says otherwise (spec 6). */
export const BRANDS_WITHOUT_FORGOT_USER_ID: ReadonlySet<string> = new Set([
  'cash-management', 'ctwirepayments', 'mmi', 'newtonim', 'investment-management', 'lioninternet',
  'cwa-newtonim', 'clip', 'cwa', 'ray', 'pershingapi', 'lmc', 'ihc', 'frs', 'apistore',
]);

/** Whether the Forgot User ID link shows: always for nxn, else the brand's flag or the spec list. */
export function showsForgotUserIdLink(key: string, configured: boolean | undefined): boolean {
  if (key === DEFAULT_BRAND) return true;
  return configured ?? !BRANDS_WITHOUT_FORGOT_USER_ID.has(key);
}
