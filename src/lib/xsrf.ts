import { readCookie } from './cookies.ts';

// Cookie-to-header XSRF (spec 7): the service sets the cookie, and every state-changing call on this origin
// echoes its token in the header. The ky client, the passkey calls and the emulator's check read these.
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Whether a call of this method must carry the header: any method but GET and HEAD. */
export function needsXsrf(method: string): boolean {
  const name = method.toUpperCase();
  return name !== 'GET' && name !== 'HEAD';
}

/** The XSRF header a call of this method carries, once the cookie is set. */
export function xsrfHeaders(method: string, token: string | null | undefined = readCookie(document, XSRF_COOKIE)): Record<string, string> {
  return needsXsrf(method) && token ? { [XSRF_HEADER]: token } : {};
}
