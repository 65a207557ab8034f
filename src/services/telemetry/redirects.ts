/**
 * Whether a navigation target is safe to follow: a same-origin path, or an absolute http(s) URL on
 * this origin or an allow-listed host. Protocol-relative (`//evil`), backslash tricks, `javascript:`
 * and encoded variants are refused.
 */
export function isSafeRedirect(target: string, origin: string, allowedHosts: readonly string[] = []): boolean {
  const value = target.trim();
  if (value === '' || /[\u0000-\u001f\\]/.test(value)) return false;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return false;
  }
  if (/^\s*(javascript|data|vbscript):/i.test(decoded) || decoded.startsWith('//') || decoded.includes('\\')) return false;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.origin === new URL(origin).origin) return value.startsWith('/') || /^https?:\/\//i.test(value);
  return url.protocol === 'https:' && allowedHosts.includes(url.hostname.toLowerCase());
}
