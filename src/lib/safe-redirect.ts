/**
 * A same-origin path, read decoded: one `/` not followed by `/` or `\`, no `//` before the query (dot segments
 * fold `/..//evil.example` into `//evil.example`, and only an empty segment can make one), no backslash (read as
 * `/`), no control character (a browser drops tab, CR and LF from a URL, so `/%09/evil.com` is `//evil.com`). The
 * one rule of a path to follow: isSafeRedirect applies it, and pre-paint scripts (ES5) get its source.
 */
export const SAME_ORIGIN_PATH_SOURCE = '^/(?![/\\\\])(?:(?!//)[^\\\\\\u0000-\\u001f\\u007f-\\u009f?#])*(?:[?#][^\\\\\\u0000-\\u001f\\u007f-\\u009f]*)?$';

/** SAME_ORIGIN_PATH_SOURCE as a regular expression. */
export const SAME_ORIGIN_PATH = new RegExp(SAME_ORIGIN_PATH_SOURCE);

/** Control characters (C0, DEL, C1) and backslash: never in a target, raw or decoded. */
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * Whether a navigation target is safe to follow: a same-origin path, or an absolute http(s) URL on
 * this origin or an allow-listed host. Protocol-relative (`//evil`), backslash tricks, `javascript:`
 * and encoded variants are refused; so are user info (`https://user:pw@host`, a classic way to
 * dress one host up as another), a port the allow-list does not name, and a path that resolves to
 * one starting with `//` (`/..//evil.example`), which turns into another host wherever it is used
 * again as a relative URL.
 */
export function isSafeRedirect(target: string, origin: string, allowedHosts: readonly string[] = []): boolean {
  const value = target.trim();
  if (value === '' || UNSAFE_CHARACTER.test(value)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  // Checked decoded too (issue 35): `/%0a/evil.com` and `/%09/evil.com` pass as written and decode to another site.
  if (UNSAFE_CHARACTER.test(decoded) || (value.startsWith('/') && !SAME_ORIGIN_PATH.test(decoded))) return false;
  if (/^\s*(javascript|data|vbscript):/i.test(decoded) || decoded.startsWith('//') || decoded.includes('\\')) return false;
  let url: URL;
  try {
    url = new URL(value, origin);
    if (new URL(decoded, origin).pathname.startsWith('//')) return false;
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username !== '' || url.password !== '' || url.pathname.startsWith('//')) return false;
  if (url.origin === new URL(origin).origin) return value.startsWith('/') || /^https?:\/\//i.test(value);
  // `host` carries a non-default port: an allow-listed name alone does not open its other ports.
  return url.protocol === 'https:' && allowedHosts.some((host) => host.toLowerCase() === url.host);
}
