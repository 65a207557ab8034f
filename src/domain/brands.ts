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
