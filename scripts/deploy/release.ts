// `npm run release -- <nginx|cloudflare|netlify> <releases dir> [--dist dist] [--environment PRODUCTION] [--grace-days 7] [--keep 5] [--services https://host]`:
// turns a built dist/ into a release folder for one host and makes it the current one, keeping the previous
// release's hashed assets (/_astro/*) for a grace period, so a page opened before a deploy still finds its
// chunks after it. Layout: <releases>/<id>/site (the published root), <releases>/<id>/release.json, for
// Netlify <releases>/<id>/netlify.toml, for nginx <releases>/<id>/site-server (its includes, from the build's
// dist-server/), and <releases>/current -> <id>. docs/deploy-*.md say what to run next.
// The release records the environment the build is for (its _portal-build.json); with --environment it refuses a
// build for any other (a QA build never becomes production's release).
import { copyFileSync, constants, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { netlifyConfig, staticHostRedirects, withoutProxyRules } from '../../src/hosting/host-routes.ts';
import { ROUTES } from '../../src/hosting/route-table.ts';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';
import { RELATED_ORIGINS_PATH, readBuildInfo } from '../../src/hosting/environment-files.ts';
import { ENVIRONMENTS } from '../../src/domain/environments.ts';
import { deployBrands, missingBrandProblems } from '../check-dist/check-dist.ts';
import type { DeployBrands } from '../check-dist/check-dist.ts';
import type { Environment } from '../../src/domain/environments.ts';

/** Netlify's rewrite of the WebAuthn related-origins file's address to its `.json` copy. */
const NETLIFY_RELATED_ORIGINS = ['[[redirects]]', `from = "/${RELATED_ORIGINS_PATH}"`, `to = "/${RELATED_ORIGINS_PATH}.json"`, 'status = 200', ''].join('\n');

/** The hosts a release is made for. */
export const HOSTS = ['nginx', 'cloudflare', 'netlify'] as const;
export type Host = (typeof HOSTS)[number];

/** Hashed assets a deploy keeps from the release before it, unless told otherwise: a week. */
export const DEFAULT_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

const releaseSchema = z.object({
  host: z.enum(HOSTS),
  /** The environment the build was made for (PORTAL_ENVIRONMENT); absent in releases made before builds had one. */
  environment: z.enum(ENVIRONMENTS).optional(),
  createdAt: z.number(),
  /** Assets carried over from earlier releases, with when the first release without them went live. */
  retired: z.record(z.string(), z.number()),
});
type ReleaseRecord = z.infer<typeof releaseSchema>;

/**
 * What a host publishes of dist/. nginx takes it whole, and the build's `.gz` copies from dist-server/ beside
 * the files they copy, for gzip_static (its config answers 404 for `/_…` and `*.gz`). A static host publishes
 * every file it is given, so it gets only pages, assets and its own files, which it reads and does not serve
 * (`_headers`, `_redirects`; on Cloudflare `_worker.js` and `_routes.json`, which send the service paths to
 * the environment's services). dist/ holds nothing else (check:dist); the filter keeps an older dist/ safe.
 */
export function publishes(host: Host, file: string): boolean {
  if (host === 'nginx') return true;
  if (host === 'netlify' && file === RELATED_ORIGINS_PATH) return false;
  // `.well-known/` is served (the WebAuthn related-origins file); other dotfiles are not.
  if (file.endsWith('.gz') || file.split('/').some((part) => part.startsWith('.') && part !== '.well-known')) return false;
  const hostFiles = host === 'cloudflare' ? ['_headers', '_redirects', '_worker.js', '_routes.json'] : ['_headers', '_redirects'];
  return !/^_/.test(file) || file.startsWith('_astro/') || hostFiles.includes(file);
}

function filesBelow(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesBelow(path, base) : [relative(base, path)];
  });
}

function copy(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  // A reflink where the file system has them, else a copy: never a hard link, which a later build would rewrite.
  copyFileSync(from, to, constants.COPYFILE_FICLONE);
}

/** The release `current` points at, if any. */
export function currentRelease(releases: string): string | undefined {
  const link = join(releases, 'current');
  if (!existsSync(link) || !lstatSync(link).isSymbolicLink()) return undefined;
  return resolve(releases, readlinkSync(link));
}

function readRecord(release: string): ReleaseRecord | undefined {
  const file = join(release, 'release.json');
  return existsSync(file) ? releaseSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
}

export interface ReleaseOptions {
  dist: string;
  releases: string;
  host: Host;
  /** How long an asset the new build no longer has stays (from the deploy that dropped it). */
  graceMs?: number;
  /** Releases kept for a rollback, the new one included. */
  keep?: number;
  /** The deploy's time (tests move it). */
  now?: number;
  /**
   * Netlify: the environment's service origin (`https://host[:port]`), written into the release's `netlify.toml`
   * as proxy rewrites that set the client-address headers, in place of any the build wrote into `_redirects`. Cloudflare reads its origin at run time
   * (PORTAL_SERVICES_ORIGIN), so its release never carries them.
   */
  services?: string;
  /** The environment this release is for: a build made for another is refused. */
  environment?: Environment;
  /** The brands the release must hold (check:dist's deployBrands): a dist/ lacking any is refused. */
  brands?: DeployBrands;
}

export interface ReleaseResult {
  /** The release folder; its `site/` is the published root. */
  dir: string;
  /** The environment the build was made for. */
  environment: Environment | undefined;
  site: string;
  /** Assets of earlier releases still served, and those dropped because their grace period ended. */
  carried: string[];
  dropped: string[];
}

/**
 * Makes a release of `dist` for `host` next to the earlier ones, carries over the previous release's assets that
 * this build no longer has while their grace period lasts, switches `current` to it (one rename, so a server
 * reading through it sees the old release or the new one, never half of each) and removes releases beyond `keep`.
 */
export function makeRelease(options: ReleaseOptions): ReleaseResult {
  const now = options.now ?? Date.now();
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const releases = resolve(options.releases);
  const dist = resolve(options.dist);
  if (!existsSync(join(dist, '_headers'))) throw new Error(`${dist} holds no build (no _headers): run npm run build first`);
  const built = serverDirOf(dist);
  if (options.host === 'nginx' && !existsSync(join(built, '_nginx-policy.conf'))) throw new Error(`${built} holds no nginx includes: run npm run build first`);
  const environment = readBuildInfo(dist)?.environment;
  if (options.environment && environment !== options.environment) {
    throw new Error(`${dist} was built for ${environment ?? 'no known environment'}, not ${options.environment}: build it with PORTAL_ENVIRONMENT=${options.environment} npm run build`);
  }
  // A dist/ a preview or a subset build left with some brands would take the others offline.
  const [missing] = options.brands ? missingBrandProblems(dist, options.brands) : [];
  if (missing !== undefined) throw new Error(`${dist} is not a whole build: ${missing}`);
  mkdirSync(releases, { recursive: true });
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  let id = stamp;
  for (let n = 2; existsSync(join(releases, id)); n += 1) id = `${stamp}-${String(n)}`;
  const dir = join(releases, id);
  const site = join(dir, 'site');
  for (const file of filesBelow(dist)) if (publishes(options.host, file)) copy(join(dist, file), join(site, file));
  if (options.host === 'nginx') {
    // gzip_static finds a copy beside its file; the includes go beside the site, as dist-server/ is beside dist/.
    for (const file of filesBelow(built)) copy(join(built, file), file.endsWith('.gz') ? join(site, file) : join(serverDirOf(site), file));
  }
  if (options.host === 'cloudflare') writeFileSync(join(site, '_redirects'), withoutProxyRules(readFileSync(join(site, '_redirects'), 'utf8')));
  // With services, every rule goes in netlify.toml (netlifyConfig): a proxy rewrite's headers cannot go in _redirects,
  // which Netlify reads first, and the short addresses must stay after the proxies.
  if (options.host === 'netlify' && options.services !== undefined) writeFileSync(join(site, '_redirects'), staticHostRedirects([]));

  const carried: string[] = [];
  const dropped: string[] = [];
  const retired: Record<string, number> = {};
  const previous = currentRelease(releases);
  if (previous) {
    const before = readRecord(previous);
    for (const file of filesBelow(join(previous, 'site', '_astro')).map((name) => `_astro/${name}`)) {
      if (existsSync(join(site, file)) || !publishes(options.host, file)) continue;
      const retiredAt = before?.retired[file] ?? now;
      if (now - retiredAt >= graceMs) {
        dropped.push(file);
        continue;
      }
      copy(join(previous, 'site', file), join(site, file));
      retired[file] = retiredAt;
      carried.push(file);
    }
  }
  const record: ReleaseRecord = { host: options.host, ...(environment ? { environment } : {}), createdAt: now, retired };
  writeFileSync(join(dir, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
  if (options.host === 'netlify') {
    // First of the redirects: Netlify takes the first rule that matches, and the route table's not-found rules match anything.
    writeFileSync(join(dir, 'netlify.toml'), netlifyConfig('site', ROUTES, options.services).replace(/^(\[build\]\npublish = .*\n)/m, `$1\n${NETLIFY_RELATED_ORIGINS}`));
    // Netlify types a file by its extension whatever _headers says: the related-origins file goes out as a .json
    // file, rewritten to from its address (publishes() leaves the extensionless one out).
    if (existsSync(join(dist, RELATED_ORIGINS_PATH))) copy(join(dist, RELATED_ORIGINS_PATH), join(site, `${RELATED_ORIGINS_PATH}.json`));
  }

  const link = join(releases, 'current');
  const next = join(releases, `.current-${id}`);
  symlinkSync(id, next);
  renameSync(next, link);

  const keep = Math.max(1, options.keep ?? 5);
  const all = readdirSync(releases).filter((entry) => entry !== 'current' && !entry.startsWith('.') && existsSync(join(releases, entry, 'release.json'))).sort();
  for (const old of all.slice(0, Math.max(0, all.length - keep))) rmSync(join(releases, old), { recursive: true, force: true });
  return { dir, environment, site, carried: carried.sort(), dropped: dropped.sort() };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const value = (name: string) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args.splice(index, 2)[1] : undefined;
  };
  const dist = value('dist') ?? join(import.meta.dirname, '../../dist');
  const environment = value('environment');
  const graceDays = Number(value('grace-days') ?? 7);
  const keep = Number(value('keep') ?? 5);
  const services = value('services') ?? process.env['PORTAL_SERVICES_ORIGIN'];
  const [host, releases] = args;
  if (!HOSTS.includes(host as Host) || !releases || !Number.isFinite(graceDays) || !Number.isInteger(keep) || (environment !== undefined && !ENVIRONMENTS.includes(environment as Environment))) {
    console.error(`usage: npm run release -- <nginx|cloudflare|netlify> <releases dir> [--dist dist] [--environment ${ENVIRONMENTS.join('|')}] [--grace-days 7] [--keep 5] [--services https://host[:port]]`);
    process.exit(2);
  }
  try {
    const brands = deployBrands(process.env['PORTAL_BRANDS_DIR'] ?? join(import.meta.dirname, '../../brands'));
    const result = makeRelease({ dist, releases, host: host as Host, brands, graceMs: graceDays * 24 * 60 * 60 * 1000, keep, ...(services ? { services } : {}), ...(environment ? { environment: environment as Environment } : {}) });
    console.log(`release ${relative(process.cwd(), result.dir) || '.'} of a ${result.environment ?? '(unknown environment)'} build is current (published root: ${relative(process.cwd(), result.site)})`);
    console.log(`kept ${String(result.carried.length)} asset(s) of earlier releases within ${String(graceDays)} day(s); dropped ${String(result.dropped.length)} past it`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
