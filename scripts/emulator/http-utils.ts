import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { z } from 'zod/mini';
import type { ServiceErrorCode } from '../../src/domain/error-codes.ts';
import { BRAND_KEY_FORMAT, DEFAULT_BRAND, isBrandKey } from '../../src/domain/brands.ts';
import { PREFIXED_LANGUAGES } from '../../src/domain/languages.ts';
import { SAME_ORIGIN_PATH } from '../../src/lib/safe-redirect.ts';
import { cookieValue } from '../../src/lib/cookies.ts';

/** Bodies above this are refused with 413. */
const MAX_BODY_BYTES = 64 * 1024;

/** A request the emulator refuses, answered as `{ errorCode, message, field? }`. */
export class EmulatorHttpError extends Error {
  readonly status: number;
  readonly errorCode: ServiceErrorCode;
  readonly field: string | undefined;
  /** For 429 answers: sent as Retry-After and as `retryAfterSeconds` in the body. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, errorCode: ServiceErrorCode, message: string, field?: string, retryAfterSeconds?: number) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.field = field;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Reads the body, refusing more than 64 KiB. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new EmulatorHttpError(413, 'PAYLOAD_TOO_LARGE', 'request body larger than 64 KiB');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new EmulatorHttpError(413, 'PAYLOAD_TOO_LARGE', 'request body larger than 64 KiB');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * JSON nested deeper than this is refused with 400. No request of the contract nests beyond 3 levels;
 * thousands of levels fit in the 64 KiB body limit and overflow the stack of whatever walks the value
 * (zod, JSON.stringify), which answered 500.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses JSON text nested deeper than MAX_JSON_DEPTH. Scanned in one pass without recursion, before
 * JSON.parse, so the check itself cannot overflow the stack; brackets inside strings do not count.
 */
function assertJsonDepth(text: string, maxDepth = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === 0x5c) index += 1; // backslash: the next character is escaped
      else if (character === 0x22) inString = false;
    } else if (character === 0x22) inString = true;
    else if (character === 0x5b || character === 0x7b) {
      depth += 1;
      if (depth > maxDepth) throw new EmulatorHttpError(400, 'BAD_REQUEST', `JSON nested deeper than ${maxDepth} levels`, '(body)');
    } else if (character === 0x5d || character === 0x7d) depth -= 1;
  }
}

/** Parses JSON text: too deep or not JSON answers 400 (an empty body is `{}`). */
export function parseJson(text: string): unknown {
  if (text === '') return {};
  assertJsonDepth(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new EmulatorHttpError(400, 'BAD_REQUEST', 'body is not valid JSON');
  }
}

/** Decodes one percent-encoded path segment; a malformed escape (`%ZZ`, a cut UTF-8 sequence) answers 400, not 500. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new EmulatorHttpError(400, 'BAD_REQUEST', 'malformed percent-escape in the path', '(path)');
  }
}

/** Parses a JSON body with a contract schema; a bad field answers 400 naming it. */
export async function readJson<T extends z.ZodMiniType>(req: IncomingMessage, schema: T): Promise<z.infer<T>> {
  const raw = parseJson(await readBody(req));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.code === 'unrecognized_keys' ? issue.keys.join(',') : (issue?.path ?? []).join('.');
    throw new EmulatorHttpError(400, 'BAD_REQUEST', `invalid field ${field || '(body)'}: ${issue?.message ?? 'invalid'}`, field || '(body)');
  }
  return parsed.data;
}

/** Parses a form-encoded body. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req));
}

/** Answers JSON; every service answer is no-store. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Answers a redirect. */
export function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  res.writeHead(302, { Location: location, 'Cache-Control': 'no-store', ...(cookies.length > 0 ? { 'Set-Cookie': cookies } : {}) });
  res.end();
}

/** Answers a small HTML page. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

/**
 * Whether the visitor's request came over TLS: on a TLS socket, or through a proxy that terminated TLS and
 * says so (`X-Forwarded-Proto: https`, which the shipped nginx config sets from its own scheme). A visitor on
 * plain HTTP who sends the header only gets cookies its browser will not keep.
 */
function overTls(req: IncomingMessage): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted === true) return true;
  const header = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

/**
 * The request's address exactly as sent, or undefined when a URL parser would read it as another path (issue 40).
 * Only the origin form (`/path?query`) is taken, parsed against a fixed origin, never as a reference resolved
 * against a base: `//apps/x` stays the path `//apps/x` (not the host `apps`), and a path the parser would change
 * (`\` read as `/`, a dot segment, plain or `%2e`-encoded, resolved away) is no path of the emulator. A proxy
 * in front that matched one spelling and forwarded another cannot reach a path it did not match.
 */
export function requestTarget(target: string | undefined): URL | undefined {
  if (target === undefined || !target.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(`http://emulator.local${target}`);
  } catch {
    return undefined;
  }
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return url.pathname === path ? url : undefined;
}

/** Whether an address is this machine only: `localhost`, 127.0.0.0/8, `::1` (bracketed or IPv4-mapped too). */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(?:::ffff:)?127(?:\.\d{1,3}){3}$/.test(bare);
}

/**
 * The environment variable naming the proxies whose `X-Forwarded-For` the emulator believes: addresses,
 * comma-separated, `loopback` for 127.0.0.0/8 and ::1 (the default: nginx or a dev proxy on the same machine),
 * empty for none.
 */
const TRUSTED_PROXIES_ENV = 'EMULATOR_TRUSTED_PROXIES';

/** Whether `address` is one of the trusted proxies `list` names (TRUSTED_PROXIES_ENV's syntax). */
function isTrustedProxy(address: string, list: string = process.env[TRUSTED_PROXIES_ENV] ?? 'loopback'): boolean {
  const bare = address.replace(/^::ffff:(?=\d+\.)/i, '').toLowerCase();
  return list.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean)
    .some((entry) => (entry === 'loopback' ? isLoopbackAddress(bare) : entry.replace(/^::ffff:(?=\d+\.)/, '') === bare));
}

/**
 * The address per-client limits count (issue 35). Behind a trusted proxy (the shipped nginx config sets
 * `X-Forwarded-For $remote_addr`) the visitor is the nearest address in `X-Forwarded-For` that is not itself a
 * trusted proxy, read from the right, where each proxy appends; from anyone else the header is the visitor's to
 * choose and is ignored: the connecting address counts.
 */
export function clientAddress(req: IncomingMessage, trusted?: string): string {
  const socket = req.socket.remoteAddress ?? 'unknown';
  if (!isTrustedProxy(socket, trusted)) return socket;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((hop) => hop.trim()).filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] ?? '';
    if (index === 0 || !isTrustedProxy(hop, trusted)) return hop;
  }
  return socket;
}

/** How a cookie the emulator sets behaves; Path is always `/`. */
export interface CookieOptions {
  sameSite: 'Strict' | 'Lax';
  /** Out of the page's reach (a session); the XSRF token must stay readable, the page copies it into a header. */
  httpOnly?: boolean;
  /** Seconds until it expires; 0 removes it. A session cookie without. */
  maxAge?: number;
}

/**
 * A Set-Cookie value: Secure whenever the request came over TLS (so it never travels in clear text after),
 * and not on plain-HTTP local development, where a browser would refuse a Secure cookie from any host but
 * localhost.
 */
export function setCookieHeader(req: IncomingMessage, name: string, value: string, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    'Path=/',
    ...(options.maxAge === undefined ? [] : [`Max-Age=${String(options.maxAge)}`]),
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(overTls(req) ? ['Secure'] : []),
    `SameSite=${options.sameSite}`,
  ].join('; ');
}

/**
 * The name a cookie of the emulator's goes by on this request: over TLS with the `__Host-` prefix, which a
 * browser keeps only when Secure, Path=/ and without Domain, so a sibling host or a plain-HTTP answer cannot set
 * or overwrite it (cookie tossing, session fixation); over plain HTTP (local development) as it is.
 */
export function hostCookieName(req: IncomingMessage, name: string): string {
  return overTls(req) ? `__Host-${name}` : name;
}

/** Reads one cookie of the request: the first of its name, raw (the portal's one reader). */
export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  return cookieValue(req.headers.cookie, name) ?? undefined;
}

/** An unguessable token. */
export function token(bytes = 18): string {
  return randomBytes(bytes).toString('base64url');
}

/** Escapes text for the emulator's few HTML pages. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Stands in for this origin while a target is resolved: only its path, query and fragment are kept. */
const SAME_ORIGIN = 'http://same-origin.invalid';

/**
 * A same-origin path, or the fallback: never an open redirect, never a 500. The answer is the target
 * normalised through URL, so it is percent-encoded ASCII: a Location header refuses anything else (a
 * right-to-left override threw ERR_INVALID_CHAR). Control characters, DEL included, are refused.
 */
export function safeTarget(target: string | null | undefined, fallback: string): string {
  if (!target) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  // Checked decoded, so an encoded `//`, backslash or control character is refused as well: the page's one
  // definition of a same-origin path (src/lib/safe-redirect.ts).
  if (!SAME_ORIGIN_PATH.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(decoded, SAME_ORIGIN);
  } catch {
    return fallback;
  }
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can fold into a leading `//` (`/.//evil.example`), which a browser reads as another host.
  return url.origin !== SAME_ORIGIN || !SAME_ORIGIN_PATH.test(normalised) ? fallback : normalised;
}

/**
 * The white-label key of the page that posted: its `wl` form field (pages send no Referer: Referrer-Policy no-referrer),
 * else the Referer (`/app/{wl}/…` or `/self-service/{wl}/…`), else nxn.
 */
export function brandOf(req: IncomingMessage, form: URLSearchParams): string {
  const field = form.get('wl') ?? '';
  if (isBrandKey(field)) return field;
  const referer = req.headers.referer ?? '';
  const match = new RegExp(`/(?:(?:${PREFIXED_LANGUAGES.join('|')})/)?(?:app|self-service)/(${BRAND_KEY_FORMAT})/`).exec(referer);
  return match?.[1] ?? DEFAULT_BRAND;
}
