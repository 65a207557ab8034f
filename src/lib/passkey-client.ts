import { sendWithXsrf } from './xsrf.ts';

/**
 * One passkey call on this origin with the XSRF rule every service call follows (lib/xsrf.ts: the cookie asked
 * for first on a page that has none, one repeat after a 403 XSRF). Plain fetch, not the pages' ky client: the
 * login page starts autofill before any interaction, inside its 6,800-byte budget, and its module is inlined
 * whole, so this one function serves both passkey pages.
 */
export function passkeyCall(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const json = body === undefined ? null : JSON.stringify(body);
  return sendWithXsrf(method, (headers) => fetch(path, { method, body: json, signal: signal ?? null, credentials: 'same-origin', headers: { ...(json ? { 'Content-Type': 'application/json' } : {}), ...headers } }));
}

/** Whether a failed WebAuthn call was the visitor (or this page) cancelling: nothing to say about it. */
export function quietFailure(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
