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
  if (value === '' || /[\u0000-\u001f\\]/.test(value)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
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
