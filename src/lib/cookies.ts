// The cookie helper of spec 5 and 9: validated names, values, days and domains; path always /.

/**
 * The white-label cookie of spec 9: the brand key of the last login page visited, for 1 day, so the
 * site root sends a returning visitor to their own brand's login (bundled server, nginx, static host).
 */
export const WHITE_LABEL_COOKIE = 'WL_KEY';
/** Days the white-label cookie lasts (spec 9). */
export const WHITE_LABEL_COOKIE_DAYS = 1;
/** The login page's TARGET (spec 9 `targetLC`), URL-encoded; a session cookie (the spec gives it no lifetime). */
export const TARGET_COOKIE = 'targetLC';

/** A document-like object, so the helper works in tests without a browser. */
export interface CookieJar {
  cookie: string;
}

const INVALID_NAME = /[\s\u0000-\u001f\u007f()<>@,;:\\"/[\]?={}]/;
const INVALID_VALUE = /["',;\\\s\u0000-\u001f\u007f]/;
const VALID_DOMAIN = /^\.?[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9-]+)*$/;

/** A cookie helper input that breaks the spec's rules; the message is the spec's text. */
class CookieError extends Error {
  override name = 'CookieError';
}

export interface SetCookieOptions {
  /** Days from now until it expires. */
  days?: number;
  domain?: string;
  secure?: boolean;
  sameSite?: 'Lax' | 'Strict';
}

function validateName(name: string): void {
  if (name === '' || INVALID_NAME.test(name)) throw new CookieError(`${name}: is not a valid cookie name`);
}

/** Sets a cookie after checking name, value, days and domain (spec 5 messages). */
export function setCookie(jar: CookieJar, name: string, value: string, options: SetCookieOptions = {}): void {
  validateName(name);
  if (value === '' || INVALID_VALUE.test(value)) throw new CookieError(`${value}: is not a valid cookie value`);
  if (options.days !== undefined && !Number.isFinite(options.days)) throw new CookieError(`${options.days}: is not a valid integer for number of days`);
  if (options.domain !== undefined && !VALID_DOMAIN.test(options.domain)) throw new CookieError(`${options.domain}: is not a valid cookie domain`);
  jar.cookie = cookieText(name, value, options);
}

/**
 * A cookie as the spec sets it (spec 9): path always the site root, expiry the given days from now, then the
 * optional domain and secure flag, SameSite Lax unless told otherwise. It checks nothing (setCookie does): a
 * caller whose value is valid by its own definition (the brand key's format) writes it directly, and so can a
 * pre-paint script in ES5 (hence concatenation, and no ES2015 library call).
 */
export function cookieText(name: string, value: string, options: SetCookieOptions): string {
  return name + '=' + value + '; path=/'
    + (options.days === undefined ? '' : '; expires=' + new Date(Date.now() + options.days * 86_400_000).toUTCString())
    + (options.domain === undefined ? '' : '; domain=' + options.domain)
    + (options.secure ? '; secure' : '') + '; samesite=' + (options.sameSite || 'Lax');
}

/** Reads a cookie's raw value; null when absent. */
export function getCookie(jar: CookieJar, name: string): string | null {
  validateName(name);
  return cookieValue(jar.cookie, name);
}

/**
 * The one cookie reader: a cookie's raw value in a Cookie header or `document.cookie`, the first of that name (as
 * nginx's `$cookie_` reads it); null when absent. It checks nothing (getCookie checks the name), so the server and the
 * pre-paint scripts read with it too: those are compiled to ES5 syntax without library polyfills and must run in
 * IE11, hence a loop over an array and indexOf (no find, no startsWith, no spread).
 */
export function cookieValue(cookies: string | null | undefined, name: string): string | null {
  for (const part of (cookies || '').split(';')) {
    // A part without `=` reads as that name with an empty value.
    const pair = part.trim() + '=';
    if (pair.indexOf(name + '=') === 0) return pair.slice(name.length + 1, -1);
  }
  return null;
}

/** Removes a cookie (on the given domain, if it was set with one). */
export function removeCookie(jar: CookieJar, name: string, domain?: string): void {
  validateName(name);
  jar.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT${domain ? `; domain=${domain}` : ''}`;
}

/** Reads a cookie's URL-decoded value; null when absent or not decodable. */
export function readCookie(jar: CookieJar, name: string): string | null {
  const raw = getCookie(jar, name);
  if (raw === null) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The authentication cookie: `__Secure-` prefixed over HTTPS, plain otherwise; URL-decoded, null when absent. */
export function readAuthCookie(jar: CookieJar, name: string, isHttps: boolean): string | null {
  return readCookie(jar, isHttps ? `__Secure-${name}` : name);
}

/**
 * The domain for site-wide cookies (EU_COOKIE, spec 4.2): the registrable domain under the public suffix
 * list, `.example.co.uk` for `portal.example.co.uk` (the last two labels would be `co.uk`, which every
 * browser refuses); none for localhost, an IP or a bare public suffix. `registrableDomain` is tldts's
 * `getDomain`, passed in so the list (47 KB gzip) loads only where a cookie is set, not with this helper.
 */
export function secondaryDomain(hostname: string, registrableDomain: (hostname: string) => string | null): string | undefined {
  const domain = registrableDomain(hostname);
  return domain ? `.${domain}` : undefined;
}
