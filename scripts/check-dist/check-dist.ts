// `npm run check:dist [-- <distDir>]`: is a built dist/ complete and clean enough to deploy?
// Every brand x language x page present, every referenced asset present, no absolute localhost
// URL, nothing of the emulator, every inline script and style allowed by its page's policy, every
// page, script and style with a `.gz` copy of exactly its bytes (nginx sends it as is). One
// line per problem, exit code 1 on any. First it reports files and bytes per brand and in total, with a
// warning where a static host's per-deploy limits would be exceeded (warnings do not fail: nginx and the
// bundled server have no such limits).
import fg from 'fast-glob';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cspHash } from '../../src/build/csp.ts';
import { metaPolicyOf, policySources, readPortalHeaders } from '../../src/build/security-headers.ts';
import { brandOfFile, LANGUAGE_PREFIXES } from '../../src/build/dist-layout.ts';
import { headerRuleCount, STATIC_HOST_LIMITS } from '../../src/build/page-headers.ts';
import { notFoundFiles, redirectRuleCounts, REDIRECT_LIMITS } from '../../src/build/host-routes.ts';

/** Page files every brand has in every language (relative to the brand's folders). */
export const BRAND_PAGES = [
  'app/{wl}/login.html', 'app/{wl}/sorry.html', 'app/{wl}/logout.html', 'app/{wl}/ssoLogout.html',
  'app/{wl}/systemRequirements.html', 'app/{wl}/cookiePolicy.html', 'app/{wl}/pageNotFound.html', 'app/{wl}.html',
  'app/{wl}/termsOfUse.html', 'app/{wl}/accessDenied.html', 'app/{wl}/loggedOut.html', 'app/{wl}/samlError.html',
  'app/{wl}/sessionExpired.html', 'app/{wl}/systemUnavailable.html', 'app/{wl}/passkey.html',
  'self-service/{wl}/fps.html', 'self-service/{wl}/fuid.html', 'self-service/{wl}/fps-self-change-pw.html',
];

/** An inline `<script>` or `<style>` of a page: what the browser hashes against the policy. */
interface InlineElement {
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

/** A short name of an element for a problem line: its opening tag and the start of its text. */
function describe(element: InlineElement): string {
  const start = element.text.slice(0, 40).replace(/\s+/g, ' ');
  return `${element.opening} "${start}${element.text.length > 40 ? '…' : ''}"`;
}

/** The CSP the site-wide `/*` rule of a `_headers` text sets: what a static host sends with every page. */
export function staticHostPolicy(headers: string): string | undefined {
  const siteWide = headers.split(/\n(?=\/)/).find((rule) => rule.startsWith('/*\n'));
  return /^\s*Content-Security-Policy:\s*(.+)$/m.exec(siteWide ?? '')?.[1]?.trim();
}

/** The policies every page is sent with besides its own meta policy, by where they come from. */
type HeaderPolicies = Array<[string, string | undefined]>;

/**
 * Inline scripts and styles whose hash one of the page's policies does not carry: the browser would refuse
 * them. Checks the meta policy in the page and the header policies the hosts send: the one in
 * `_portal-headers.json` (bundled server; nginx's is written with it) and the one in `_headers` (static hosts).
 */
function inlineHashProblems(file: string, html: string, headerPolicies: HeaderPolicies): string[] {
  // A missing header file is named once, not on every page.
  const policies: HeaderPolicies = [['meta policy', metaPolicyOf(html)], ...headerPolicies.filter(([, policy]) => policy !== undefined)];
  const problems: string[] = [];
  for (const [name, policy] of policies) {
    if (policy === undefined) {
      problems.push(`${file}: no ${name}`);
      continue;
    }
    for (const element of inlineElements(html)) {
      const hash = cspHash(element.text);
      const allowed = policySources(policy, element.tag === 'script' ? 'script-src' : 'style-src');
      if (!allowed.includes(`'${hash}'`)) problems.push(`${file}: ${describe(element)}: ${hash} is not in the ${name}`);
    }
  }
  return problems;
}

/**
 * The build writes pages' `.gz` copies as they render and Astro writes the pages: a copy that is missing
 * costs nginx a compression per request, and one that differs sends a visitor another page than the file.
 */
function compressedCopyProblems(file: string, path: string, bytes: Buffer): string[] {
  if (!existsSync(`${path}.gz`)) return [`${file}: no .gz copy`];
  let copy: Buffer;
  try {
    copy = gunzipSync(readFileSync(`${path}.gz`));
  } catch {
    return [`${file}.gz: not gzip`];
  }
  return copy.equals(bytes) ? [] : [`${file}.gz: differs from ${file}: gzip_static would send other bytes than the file`];
}

/** Every problem of a dist/ folder built for `brands`. */
export function checkDist(distDir: string, brands: readonly string[]): string[] {
  if (!existsSync(distDir)) return [`${distDir}: missing: run npm run build`];
  const problems: string[] = [];
  for (const required of ['index.html', ...notFoundFiles(brands)]) {
    if (!existsSync(join(distDir, required))) problems.push(`${required}: missing page`);
  }
  for (const wl of brands) {
    for (const prefix of LANGUAGE_PREFIXES) {
      for (const page of BRAND_PAGES) {
        const file = `${prefix}${page.replace('{wl}', wl)}`;
        if (!existsSync(join(distDir, file))) problems.push(`${file}: missing page`);
      }
    }
  }
  const serverPolicy = readPortalHeaders(distDir)?.['Content-Security-Policy'];
  if (!serverPolicy) problems.push('_portal-headers.json: missing: the servers would send no page policy');
  const headersFile = join(distDir, '_headers');
  const hostPolicy = existsSync(headersFile) ? staticHostPolicy(readFileSync(headersFile, 'utf8')) : undefined;
  if (!hostPolicy) problems.push('_headers: no site-wide policy: static hosts would send no page policy');
  problems.push(...hostRuleProblems(distDir));
  const headerPolicies: HeaderPolicies = [['header policy (_portal-headers.json)', serverPolicy], ['static-host policy (_headers)', hostPolicy]];
  for (const path of fg.sync('**/*', { cwd: distDir, absolute: true, dot: true })) {
    if (!/\.(html|js|css)$/.test(path)) continue;
    const file = relative(distDir, path);
    const bytes = readFileSync(path);
    const text = bytes.toString('utf8');
    problems.push(...compressedCopyProblems(file, path, bytes));
    if (/https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?/i.test(text)) problems.push(`${file}: absolute localhost URL`);
    if (text.includes('/__emulator')) problems.push(`${file}: refers to the emulator`);
    if (file.endsWith('.html')) {
      for (const match of text.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)) {
        const asset = match[1] ?? '';
        if (!existsSync(join(distDir, asset))) problems.push(`${file}: missing asset ${asset}`);
      }
      problems.push(...inlineHashProblems(file, text, headerPolicies));
    }
  }
  return problems;
}

/**
 * What Cloudflare Pages refuses outright (it ignores the rules past its limits, so the site would answer
 * differently there): `_headers` over 100 rules or with a line over 2,000 characters, `_redirects` over 2,000
 * static or 100 dynamic rules or with a line over 1,000 characters. Problems, not warnings: the route table and
 * the one policy keep both files the same size for any number of brands.
 */
export function hostRuleProblems(distDir: string): string[] {
  const problems: string[] = [];
  const read = (file: string) => (existsSync(join(distDir, file)) ? readFileSync(join(distDir, file), 'utf8') : undefined);
  const headers = read('_headers');
  // A missing _headers is named with the policies (checkDist).
  if (headers !== undefined) {
    const rules = headerRuleCount(headers);
    const longest = Math.max(0, ...headers.split('\n').map((line) => line.length));
    if (rules > STATIC_HOST_LIMITS.rules) problems.push(`_headers: ${String(rules)} rules, over Cloudflare Pages' ${String(STATIC_HOST_LIMITS.rules)}`);
    if (longest > STATIC_HOST_LIMITS.lineLength) problems.push(`_headers: a ${String(longest)}-character line, over Cloudflare Pages' ${String(STATIC_HOST_LIMITS.lineLength)}`);
  }
  const redirects = read('_redirects');
  if (redirects === undefined) problems.push('_redirects: missing: static hosts would not serve the short addresses');
  else {
    const counts = redirectRuleCounts(redirects);
    if (counts.staticRules > REDIRECT_LIMITS.staticRules) problems.push(`_redirects: ${String(counts.staticRules)} static rules, over Cloudflare Pages' ${String(REDIRECT_LIMITS.staticRules)}`);
    if (counts.dynamicRules > REDIRECT_LIMITS.dynamicRules) problems.push(`_redirects: ${String(counts.dynamicRules)} dynamic rules, over Cloudflare Pages' ${String(REDIRECT_LIMITS.dynamicRules)}`);
    if (counts.longestLine > REDIRECT_LIMITS.lineLength) problems.push(`_redirects: a ${String(counts.longestLine)}-character rule, over Cloudflare Pages' ${String(REDIRECT_LIMITS.lineLength)}`);
  }
  return problems;
}

/** Per-deploy limits of static hosts (Cloudflare Pages, the strictest): files, bytes per file, `_headers` rules. */
export const DEPLOY_LIMITS = { files: 20_000, fileBytes: 25 * 1024 * 1024, headerRules: STATIC_HOST_LIMITS.rules } as const;

export interface DeployReport {
  /** Files and bytes by brand; what all brands share under ''. */
  byBrand: Map<string, { files: number; bytes: number }>;
  total: { files: number; bytes: number };
  headerRules: number;
  /** `_redirects` rules as Cloudflare Pages counts them. */
  redirectRules: { staticRules: number; dynamicRules: number };
  /** Where a static host's per-deploy limits would be exceeded. */
  warnings: string[];
}

/** What a deploy of `distDir` uploads, by brand, against the static hosts' limits. */
export function deployReport(distDir: string, limits: { files: number; fileBytes: number; headerRules: number } = DEPLOY_LIMITS): DeployReport {
  const byBrand = new Map<string, { files: number; bytes: number }>();
  const total = { files: 0, bytes: 0 };
  const warnings: string[] = [];
  for (const entry of fg.sync('**/*', { cwd: distDir, dot: true, stats: true })) {
    const bytes = entry.stats?.size ?? 0;
    const brand = brandOfFile(entry.path) ?? '';
    const sum = byBrand.get(brand) ?? { files: 0, bytes: 0 };
    byBrand.set(brand, { files: sum.files + 1, bytes: sum.bytes + bytes });
    total.files += 1;
    total.bytes += bytes;
    if (bytes > limits.fileBytes) warnings.push(`${entry.path}: ${String(bytes)} bytes, over a static host's ${String(limits.fileBytes)} per file`);
  }
  if (total.files > limits.files) {
    const gz = fg.sync('**/*.gz', { cwd: distDir, dot: true }).length;
    warnings.push(`${String(total.files)} files (${String(total.files - gz)} without the .gz copies), over a static host's ${String(limits.files)} per deploy: split the deploy by brand sets (docs/deploy-at-scale.md)`);
  }
  const headersFile = join(distDir, '_headers');
  const headerRules = existsSync(headersFile) ? headerRuleCount(readFileSync(headersFile, 'utf8')) : 0;
  if (headerRules > limits.headerRules) warnings.push(`_headers: ${String(headerRules)} rules, over a static host's ${String(limits.headerRules)}`);
  const redirectsFile = join(distDir, '_redirects');
  const { staticRules, dynamicRules } = redirectRuleCounts(existsSync(redirectsFile) ? readFileSync(redirectsFile, 'utf8') : '');
  return { byBrand, total, headerRules, redirectRules: { staticRules, dynamicRules }, warnings };
}

/** The report as lines: a row per brand, the shared files, the total, then each warning. */
export function formatDeployReport(report: DeployReport): string[] {
  const row = (name: string, { files, bytes }: { files: number; bytes: number }) => `${name.padEnd(24)} ${String(files).padStart(7)} ${String(bytes).padStart(12)}`;
  const brands = [...report.byBrand].filter(([brand]) => brand !== '').sort(([a], [b]) => a.localeCompare(b));
  return [
    `${'brand'.padEnd(24)} ${'files'.padStart(7)} ${'bytes'.padStart(12)}`,
    ...brands.map(([brand, sum]) => row(brand, sum)),
    row('(shared)', report.byBrand.get('') ?? { files: 0, bytes: 0 }),
    row('total', report.total),
    `_headers: ${String(report.headerRules)} rules`,
    `_redirects: ${String(report.redirectRules.staticRules)} static and ${String(report.redirectRules.dynamicRules)} dynamic rules`,
    ...report.warnings.map((warning) => `warning: ${warning}`),
  ];
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..', '..');
  const distDir = process.argv[2] ?? join(root, 'dist');
  const stamp = join(distDir, '.portal-build-stamp');
  const subset = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : process.env['BRANDS'] ?? '';
  const brands = subset
    ? subset.split(',').map((key) => key.trim()).filter(Boolean)
    : readdirSync(join(root, 'brands')).filter((entry) => !entry.startsWith('_') && statSync(join(root, 'brands', entry)).isDirectory());
  const problems = checkDist(distDir, brands);
  if (existsSync(distDir)) for (const line of formatDeployReport(deployReport(distDir))) console.log(line);
  for (const problem of problems) console.log(problem);
  console.log(problems.length === 0 ? `dist/ is complete: ${brands.length} brands x ${LANGUAGE_PREFIXES.length} languages x ${BRAND_PAGES.length} pages.` : `${problems.length} problem(s).`);
  process.exit(problems.length === 0 ? 0 : 1);
}
