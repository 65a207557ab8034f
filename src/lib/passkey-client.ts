import { sendWithXsrf } from './xsrf.ts';

/**
 * The login page's passkey options call, made as the page loads: plain fetch, not the pages' ky client (the
 * page's module is inlined whole, inside its 6,800-byte budget), but by the client's rules: the XSRF rule
 * (lib/xsrf.ts), the same headers, and a deadline (the caller's signal, aborted at the time-out). Its HTTP
 * statistics are the caller's to record (page-scripts/passkey-login-stats.ts reports them).
 */
export function passkeyOptionsCall(path: string, body: unknown, timeoutInSeconds: string, signal: AbortSignal): Promise<Response> {
  // fetch's default credentials are the same origin's.
  return sendWithXsrf('POST', (headers) => fetch(path, {
    method: 'POST', body: JSON.stringify(body), signal,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', timeoutInSeconds, ...headers },
  }));
}

/** Whether a failed WebAuthn call was the visitor (or this page) cancelling: nothing to say about it. */
export function quietFailure(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
