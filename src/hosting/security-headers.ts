import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { serverDirOf } from './dist-layout.ts';

/** Headers every page and asset carries, on every host (bundled server, nginx, `_headers`). */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // Site-wide, not per page: the URLs of login (SMQUERYDATA, TARGET), change password (TARGET, uid), the
  // root and brand-root redirects (they keep the query) and not-found (any query typed) can all carry
  // what must not reach another server's logs, and a per-page list misses the next such page.
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};

/** The Reporting API endpoint name the page policy's `report-to` names. */
const CSP_REPORT_ENDPOINT = 'portal-csp';

/** The page header options an environment may set (src/config/site-files.json `pageHeaders`). */
export interface HeaderOptions {
  hstsPreload?: boolean | undefined;
  cspReportTo?: string | undefined;
}

/** The common headers with an environment's options: HSTS `preload`, the CSP reports' endpoint. */
export function securityHeaders(options: HeaderOptions = {}): Readonly<Record<string, string>> {
  return {
    ...COMMON_SECURITY_HEADERS,
    ...(options.hstsPreload ? { 'Strict-Transport-Security': `${COMMON_SECURITY_HEADERS['Strict-Transport-Security'] ?? ''}; preload` } : {}),
    ...(options.cspReportTo ? { 'Reporting-Endpoints': `${CSP_REPORT_ENDPOINT}="${options.cspReportTo}"` } : {}),
  };
}

/** The page policy with `report-to` when the environment collects CSP reports (once: a merged build's policy may have it). */
export const reportingPolicy = (policy: string, options: HeaderOptions = {}): string =>
  (options.cspReportTo && !/(^|;)\s*report-to\s/.test(policy) ? `${policy}; report-to ${CSP_REPORT_ENDPOINT}` : policy);

/** What answers other than pages carry (assets, redirects, service answers): they run nothing. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** What a meta-tag CSP cannot carry, added to each page's policy when it becomes a header. */
const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"] as const;

/** The page's meta CSP as a header value, with the header-only directives added. */
export function headerPolicy(metaPolicy: string): string {
  const directives = metaPolicy.split(';').map((part) => part.trim()).filter(Boolean);
  return [...directives, ...HEADER_ONLY_DIRECTIVES].join('; ');
}

/** A policy's directives in order, each with its sources. */
function directivesOf(policy: string): Array<[string, string[]]> {
  return policy.split(';').map((part) => part.trim().split(/\s+/)).filter((tokens) => tokens[0]).map(([name = '', ...sources]) => [name, sources]);
}

/** The sources of one directive of a policy (`script-src`), or of `default-src` when the policy has no such directive. */
export function policySources(policy: string, directive: string): string[] {
  const directives = new Map(directivesOf(policy));
  return directives.get(directive) ?? directives.get('default-src') ?? [];
}

/**
 * One policy that allows what each of `policies` allows, for policies with the same directives (as every
 * page's are): each directive with the sources of all of them, keywords and hosts in first-seen order, then
 * the hashes sorted. Pages render several at a time, in no fixed order, and the same pages must give the same
 * header files.
 */
export function unionPolicy(policies: readonly string[]): string {
  const directives = new Map<string, string[]>();
  for (const policy of policies) {
    for (const [name, sources] of directivesOf(policy)) directives.set(name, [...new Set([...(directives.get(name) ?? []), ...sources])]);
  }
  const isHash = (source: string) => /^'sha(256|384|512)-/.test(source);
  const ordered = (sources: readonly string[]) => [...sources.filter((source) => !isHash(source)), ...sources.filter(isHash).sort()];
  return [...directives].map(([name, sources]) => [name, ...ordered(sources)].join(' ')).join('; ');
}

/** An inline `<script>` or `<style>` of a page: what the browser hashes against the policy. */
export interface InlineElement {
  tag: 'script' | 'style';
  /** The opening tag as written, to name the element in a problem. */
  opening: string;
  text: string;
}

/** Script types a browser runs (and so checks against script-src); data blocks such as JSON are not run. */
const RUNNABLE_SCRIPT = /^(?:module|text\/javascript|application\/javascript)?$/i;

/** Every inline script the browser would run and every inline style of a built page. */
export function inlineElements(html: string): InlineElement[] {
  const found: InlineElement[] = [];
  // Script and style are raw-text elements: their text runs to the first closing tag, as written.
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi)) {
    const tag = (match[1] ?? '').toLowerCase() as InlineElement['tag'];
    const attributes = match[2] ?? '';
    if (tag === 'script' && /\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (tag === 'script' && !RUNNABLE_SCRIPT.test(type)) continue;
    found.push({ tag, opening: `<${tag}${attributes}>`, text: match[3] ?? '' });
  }
  return found;
}

/**
 * The union policy (unionPolicy) with only the hashes some page's inline script or style carries: Astro also
 * lists hashes of scripts a page may not render (its own island runtime, a directive no island uses), and the
 * one policy every page gets from a static host must fit Cloudflare's 2,000 characters a `_headers` line.
 */
export function withUsedHashes(policy: string, used: ReadonlySet<string>): string {
  const isHash = (source: string) => /^'sha(256|384|512)-/.test(source);
  return directivesOf(policy)
    .map(([name, sources]) => [name, ...(name === 'script-src' || name === 'style-src' ? sources.filter((source) => !isHash(source) || used.has(source)) : sources)].join(' '))
    .join('; ');
}

/** Extracts the policy from a built page's `<meta http-equiv="content-security-policy">`. */
export function metaPolicyOf(html: string): string | undefined {
  return /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1]?.replace(/&#39;/g, "'").replace(/&quot;/g, '"');
}

/** Where the build writes the headers every page gets, for the bundled server and check:dist. */
export const PORTAL_HEADERS_FILE = '_portal-headers.json';

const portalHeadersSchema = z.object({ page: z.record(z.string(), z.string()) });

/** The headers every page of a built dist/ gets (its one CSP, from its server folder), or undefined when the build wrote none. */
export function readPortalHeaders(distDir: string): Record<string, string> | undefined {
  const path = join(serverDirOf(distDir), PORTAL_HEADERS_FILE);
  if (!existsSync(path)) return undefined;
  return portalHeadersSchema.parse(JSON.parse(readFileSync(path, 'utf8'))).page;
}
