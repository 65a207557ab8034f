// `npm run release -- <nginx|cloudflare|netlify> <releases dir> [--dist dist] [--environment PRODUCTION] [--grace-days 7] [--keep 5] [--services https://host]`:
// turns a built dist/ into a release folder for one host and makes it the current one, keeping the previous
// release's hashed assets (/_astro/*) for a grace period, so a page opened before a deploy still finds its
// chunks after it. Layout: <releases>/<id>/site (the published root), <releases>/<id>/release.json, for
// Netlify <releases>/<id>/netlify.toml, for nginx <releases>/<id>/site-server (its includes, from the build's
// dist-server/), and <releases>/current -> <id>. docs/deploy-*.md say what to run next.
// The release records the environment the build is for (its _portal-build.json); with --environment it refuses a
// build for any other (a QA build never becomes production's release), and without --allow-mock it refuses a MOCK
// or LOCAL build (a test build: every environment's hosts, the emulator's names). It runs check:dist's checks and
// refuses a build that fails them. One release at a time per releases folder (a lock: a second one waits with
// --wait SECONDS, else stops with a message); a release is assembled in a hidden folder and renamed into place, so
// a failed copy leaves nothing behind. `--rollback [ID]` makes the release before the current one (or ID) current
// again, with the chunks of the release it leaves. On nginx, a release or rollback whose includes (policy, headers,
// routes) changed runs `--reload CMD` (e.g. 'sudo nginx -t && sudo systemctl reload nginx') and, with
// `--check URL`, checks that nginx now sends the release's policy; without --reload it says nginx must reload.
import { spawnSync } from 'node:child_process';
import { copyFileSync, constants, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { z } from 'zod';
import { languageGapsOf, netlifyConfig, staticHostRedirects, withoutProxyRules } from '../../src/hosting/host-routes.ts';
import { languageGapPattern } from '../../src/hosting/language-gaps.ts';
import type { LanguageGaps } from '../../src/hosting/language-gaps.ts';
import { PREFIXED_LANGUAGES } from '../../src/domain/languages.ts';
import { NETLIFY_EDGE_FOLDER, NETLIFY_EDGE_FUNCTION, netlifyEdgeFunction } from '../../src/hosting/netlify-edge.ts';
import { ROUTES, SERVICE_PREFIXES, servicePathPattern } from '../../src/hosting/route-table.ts';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';
import { HEALTH_FILE, RELATED_ORIGINS_PATH, readBuildInfo } from '../../src/hosting/environment-files.ts';
import { readPortalHeaders } from '../../src/hosting/security-headers.ts';
import { ENVIRONMENTS } from '../../src/domain/environments.ts';
import { brandsOfDist, checkDist, deployBrands, missingBrandProblems } from '../check-dist/check-dist.ts';
import type { DeployBrands } from '../check-dist/check-dist.ts';
import type { Environment } from '../../src/domain/environments.ts';

/** Netlify's rewrite of the WebAuthn related-origins file's address to its `.json` copy. */
const NETLIFY_RELATED_ORIGINS = ['[[redirects]]', `from = "/${RELATED_ORIGINS_PATH}"`, `to = "/${RELATED_ORIGINS_PATH}.json"`, 'status = 200', ''].join('\n');

/** Netlify's edge function that answers a brand's path in a language it lacks (src/hosting/netlify-language-gaps.ts). */
const NETLIFY_LANGUAGE_GAP_FUNCTION = 'portal-language-gaps';

/** The language-gap function's declarations: one pattern per language some brand of the build lacks. */
const netlifyLanguageGapDeclarations = (gaps: LanguageGaps): string => PREFIXED_LANGUAGES
  .flatMap((language) => {
    const pattern = languageGapPattern(language, gaps);
    return pattern === undefined ? [] : [['[[edge_functions]]', `pattern = ${JSON.stringify(pattern)}`, `function = ${JSON.stringify(NETLIFY_LANGUAGE_GAP_FUNCTION)}`, ''].join('\n')];
  })
  .join('\n');

/** The language-gap function's module, bundled, with the build's gaps written in. */
export function netlifyLanguageGapFunction(gaps: LanguageGaps): string {
  const bundled = buildSync({ entryPoints: [join(import.meta.dirname, '../../src/hosting/netlify-language-gaps.ts')], bundle: true, write: false, format: 'esm', platform: 'neutral', target: 'es2022', legalComments: 'none', tsconfigRaw: {}, define: { PORTAL_LANGUAGE_GAPS: JSON.stringify(gaps) } });
  return `// Written by npm run release (src/hosting/netlify-language-gaps.ts). Do not edit.\n${bundled.outputFiles[0]?.text ?? ''}`;
}

/** Netlify's edge function that answers a down service with the brand's outage page (src/hosting/netlify-outage.ts). */
const NETLIFY_OUTAGE_FUNCTION = 'portal-outage';

/**
 * The edge function's declarations: every path that is a service path once decoded (servicePathPattern), as the
 * rewrites read it; `/%61pps/…` reaches the service too, so a down service answers it with the outage page as well.
 */
const netlifyOutageDeclarations = (): string => SERVICE_PREFIXES
  .map((prefix) => ['[[edge_functions]]', `pattern = ${JSON.stringify(servicePathPattern(prefix))}`, `function = ${JSON.stringify(NETLIFY_OUTAGE_FUNCTION)}`, ''].join('\n'))
  .join('\n');

/** The edge function's module: its TypeScript source and what it imports, bundled into one ES module. */
export function netlifyOutageFunction(): string {
  const bundled = buildSync({ entryPoints: [join(import.meta.dirname, '../../src/hosting/netlify-outage.ts')], bundle: true, write: false, format: 'esm', platform: 'neutral', target: 'es2022', legalComments: 'none', tsconfigRaw: {} });
  return `// Written by npm run release (src/hosting/netlify-outage.ts). Do not edit.\n${bundled.outputFiles[0]?.text ?? ''}`;
}

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
  /** Releases a MOCK or LOCAL build (this machine's servers and the tests), which a deploy never does. */
  allowMock?: boolean;
  /** How long to wait for another release or rollback of the same folder to end; without it, stop at once. */
  waitMs?: number;
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
  /** nginx: the includes (read at load) that differ from the release served before: nginx must reload. */
  includesChanged: string[];
}

/** Builds that never deploy (docs/deploying.md): they carry every environment's hosts and the emulator's names. */
const TEST_BUILDS: readonly Environment[] = ['MOCK', 'LOCAL'];

/** What nginx reads when it loads its config, not per request: a release that changes one needs a reload. */
export const NGINX_INCLUDES = ['_nginx-policy.conf', '_nginx-security-headers.conf', '_nginx-routes.conf', '_nginx-route-locations.conf'] as const;

/** The lock a release or rollback holds on its releases folder (a folder: mkdir is atomic). */
const LOCK = '.release-lock';
/** Where a release is assembled before it is renamed into place. */
const INCOMING = '.incoming-';

const lockOwnerSchema = z.object({ pid: z.number(), startedAt: z.number(), what: z.string() });

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Blocks this (command-line) process for `ms`: a release is synchronous from start to end. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `work` holding the releases folder's lock. Another holder still running: wait up to `waitMs` for it, then
 * stop with a message naming it. A holder that died (its process is gone) left a stale lock: it is taken over, and
 * any half-assembled release it left removed.
 */
export function withReleaseLock<T>(releases: string, what: string, waitMs: number, work: () => T): T {
  mkdirSync(releases, { recursive: true });
  const lock = join(releases, LOCK);
  const deadline = Date.now() + waitMs;
  for (let waited = false; ; waited = true) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: z.infer<typeof lockOwnerSchema> | undefined;
    try {
      owner = lockOwnerSchema.parse(JSON.parse(readFileSync(join(lock, 'owner.json'), 'utf8')));
    } catch {
      // Taken a moment ago, its owner file not yet written: look again.
      owner = undefined;
    }
    // Its process gone, or no owner a minute after it was taken (its process died between the two steps).
    const ownerless = owner === undefined && Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 60_000;
    if ((owner && !pidAlive(owner.pid)) || ownerless) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      const who = owner ? `${owner.what} (process ${String(owner.pid)}, since ${new Date(owner.startedAt).toISOString()})` : 'another release';
      throw new Error(`${releases}: ${who} is under way${waited ? ` and did not end within ${String(Math.round(waitMs / 1000))} s` : ''}; nothing was changed. Run again when it has ended, or pass --wait SECONDS to wait for it`);
    }
    pause(Math.min(200, Math.max(1, deadline - Date.now())));
  }
  try {
    writeFileSync(join(lock, 'owner.json'), JSON.stringify({ pid: process.pid, startedAt: Date.now(), what }));
    for (const entry of readdirSync(releases)) if (entry.startsWith(INCOMING)) rmSync(join(releases, entry), { recursive: true, force: true });
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The includes of two nginx releases that differ (none for a first release). */
function changedIncludes(before: string | undefined, after: string): string[] {
  const read = (release: string, file: string) => {
    const path = join(serverDirOf(join(release, 'site')), file);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  // The first release: nginx reads them when the config is installed (docs/deploy-nginx.md), no reload to ask for.
  if (before === undefined) return [];
  return NGINX_INCLUDES.filter((file) => read(before, file) !== read(after, file));
}

/** Points `current` at `id`, in one rename, so a server reading through it sees one release or the other. */
function switchCurrent(releases: string, id: string): void {
  const next = join(releases, `.current-${id}`);
  rmSync(next, { force: true });
  symlinkSync(id, next);
  renameSync(next, join(releases, 'current'));
}

/** The build's health file (its environment and commit), to which a release adds its id. */
function healthOf(site: string): Record<string, unknown> {
  const file = join(site, HEALTH_FILE);
  return existsSync(file) ? z.record(z.string(), z.unknown()).parse(JSON.parse(readFileSync(file, 'utf8'))) : {};
}

/**
 * Makes a release of `dist` for `host` next to the earlier ones, carries over the previous release's assets that
 * this build no longer has while their grace period lasts, switches `current` to it (one rename, so a server
 * reading through it sees the old release or the new one, never half of each) and removes releases beyond `keep`.
 */
export function makeRelease(options: ReleaseOptions): ReleaseResult {
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
  if (environment !== undefined && TEST_BUILDS.includes(environment) && options.allowMock !== true) {
    throw new Error([
      `${dist} is a ${environment} build, a test build: it carries every environment's hosts and analytics in its pages and policy, and no passkey origins. A deploy never ships it.`,
      'Build for the environment, then release: PORTAL_ENVIRONMENT=PRODUCTION npm run build && npm run release -- <host> <dir> --environment PRODUCTION',
      '(--allow-mock releases it anyway: for this machine\'s servers and the tests only)',
    ].join('\n'));
  }
  const problems = checkDist(dist, brandsOfDist(dist));
  if (problems.length > 0) throw new Error(`${dist} fails check:dist (${String(problems.length)} problem(s)); nothing was released:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  // Its time (and so its id) taken once the lock is held: a release that waited is newer than the one it waited for.
  return withReleaseLock(releases, `a release of ${dist}`, options.waitMs ?? 0, () => releaseLocked(options, { now: options.now ?? Date.now(), releases, dist, built, environment }));
}

function releaseLocked(options: ReleaseOptions, known: { now: number; releases: string; dist: string; built: string; environment: Environment | undefined }): ReleaseResult {
  const { now, releases, dist, built, environment } = known;
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  let id = stamp;
  for (let n = 2; existsSync(join(releases, id)); n += 1) id = `${stamp}-${String(n)}`;
  // Assembled in a hidden folder (no other step counts it as a release) and renamed into place when whole.
  const incoming = join(releases, `${INCOMING}${id}`);
  const dir = join(releases, id);
  const site = join(incoming, 'site');
  const carried: string[] = [];
  const dropped: string[] = [];
  const previous = currentRelease(releases);
  try {
    for (const file of filesBelow(dist)) if (publishes(options.host, file)) copy(join(dist, file), join(site, file));
    if (options.host === 'nginx') {
      // gzip_static finds a copy beside its file; the includes go beside the site, as dist-server/ is beside dist/.
      for (const file of filesBelow(built)) copy(join(built, file), file.endsWith('.gz') ? join(site, file) : join(serverDirOf(site), file));
    }
    if (options.host === 'cloudflare') writeFileSync(join(site, '_redirects'), withoutProxyRules(readFileSync(join(site, '_redirects'), 'utf8')));
    // With services, every rule goes in netlify.toml (netlifyConfig): a proxy rewrite's headers cannot go in _redirects,
    // which Netlify reads first, and the short addresses must stay after the proxies.
    if (options.host === 'netlify' && options.services !== undefined) writeFileSync(join(site, '_redirects'), staticHostRedirects([]));
    // What a monitor reads (nginx's /healthz too): the build's environment and commit, and this release.
    writeFileSync(join(site, HEALTH_FILE), `${JSON.stringify({ ...healthOf(site), release: id })}\n`);

    const retired: Record<string, number> = {};
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
    writeFileSync(join(incoming, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);
    if (options.host === 'netlify') {
      // First of the redirects: Netlify takes the first rule that matches, and the route table's not-found rules match anything.
      // The outage edge function always (npm run serve:netlify's too): declared after service-paths, so that one runs first.
      // The brands of the build without a language: their paths in it go to an edge function of their own (issue 45).
      const gaps = languageGapsOf(dist);
      writeFileSync(join(incoming, 'netlify.toml'), `${netlifyConfig('site', ROUTES, options.services).replace(/^(\[build\]\n(?:\w+ = .*\n)+)/m, `$1\n${NETLIFY_RELATED_ORIGINS}`)}\n${netlifyOutageDeclarations()}\n${netlifyLanguageGapDeclarations(gaps)}`);
      mkdirSync(join(incoming, NETLIFY_EDGE_FOLDER), { recursive: true });
      writeFileSync(join(incoming, NETLIFY_EDGE_FOLDER, `${NETLIFY_OUTAGE_FUNCTION}.js`), netlifyOutageFunction());
      writeFileSync(join(incoming, NETLIFY_EDGE_FOLDER, `${NETLIFY_LANGUAGE_GAP_FUNCTION}.js`), netlifyLanguageGapFunction(gaps));
      // The edge function netlify.toml declares on the service prefixes, in Netlify's default folder beside it (issue 40):
      // written whenever there are services, since netlify dev runs it offline too (serve-static-host.ts).
      if (options.services !== undefined) {
        mkdirSync(join(incoming, NETLIFY_EDGE_FOLDER), { recursive: true });
        writeFileSync(join(incoming, NETLIFY_EDGE_FOLDER, `${NETLIFY_EDGE_FUNCTION}.js`), netlifyEdgeFunction());
      }
      // Netlify types a file by its extension whatever _headers says: the related-origins file goes out as a .json
      // file, rewritten to from its address (publishes() leaves the extensionless one out).
      if (existsSync(join(dist, RELATED_ORIGINS_PATH))) copy(join(dist, RELATED_ORIGINS_PATH), join(site, `${RELATED_ORIGINS_PATH}.json`));
    }
    renameSync(incoming, dir);
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
  switchCurrent(releases, id);
  // Read against the release replaced before `keep` removes it: with --keep 1 it is gone below, and every include
  // then read as changed (a reload asked for on every release).
  const includesChanged = options.host === 'nginx' ? changedIncludes(previous, dir) : [];

  // The oldest beyond `keep`, never the one now current (a --now from the past, a clock set back).
  const keep = Math.max(1, options.keep ?? 5);
  const others = listReleases(releases).filter((entry) => entry !== id);
  for (const old of others.slice(0, Math.max(0, others.length - (keep - 1)))) rmSync(join(releases, old), { recursive: true, force: true });
  return { dir, environment, site: join(dir, 'site'), carried: carried.sort(), dropped: dropped.sort(), includesChanged };
}

/** The releases of a folder, oldest first (ids are timestamps). */
export function listReleases(releases: string): string[] {
  return readdirSync(releases).filter((entry) => entry !== 'current' && !entry.startsWith('.') && existsSync(join(releases, entry, 'release.json'))).sort();
}

export interface RollbackResult {
  /** The release now current, and the one it replaced. */
  dir: string;
  left: string;
  /** The chunks of the release left behind, now served by the release rolled back to. */
  carried: string[];
  includesChanged: string[];
}

/**
 * Makes the release before the current one (or `to`) current again. Pages opened from the release it leaves still
 * ask for that release's chunks: they are copied into the one rolled back to (hashed names never collide), and
 * kept there as retired assets, so the next release keeps them for its grace period too.
 */
export function rollBack(options: { releases: string; to?: string; now?: number; waitMs?: number }): RollbackResult {
  const releases = resolve(options.releases);
  return withReleaseLock(releases, 'a rollback', options.waitMs ?? 0, () => {
    const now = options.now ?? Date.now();
    const left = currentRelease(releases);
    if (!left) throw new Error(`${releases}: no current release to roll back from`);
    const all = listReleases(releases);
    const leftId = relative(releases, left);
    const target = options.to ?? all.filter((id) => id < leftId).at(-1);
    if (target === undefined || !all.includes(target)) throw new Error(`${releases}: ${target === undefined ? `no release before ${leftId}` : `no release ${target}`} to roll back to (releases: ${all.join(', ')})`);
    if (target === leftId) throw new Error(`${releases}: ${target} is already current`);
    const dir = join(releases, target);
    const record = readRecord(dir);
    const carried: string[] = [];
    for (const file of filesBelow(join(left, 'site', '_astro')).map((name) => `_astro/${name}`)) {
      if (existsSync(join(dir, 'site', file))) continue;
      copy(join(left, 'site', file), join(dir, 'site', file));
      carried.push(file);
    }
    if (record) {
      const retired = { ...record.retired, ...Object.fromEntries(carried.map((file) => [file, record.retired[file] ?? now])) };
      writeFileSync(join(dir, 'release.json'), `${JSON.stringify({ ...record, retired }, null, 2)}\n`);
    }
    switchCurrent(releases, target);
    return { dir, left, carried: carried.sort(), includesChanged: existsSync(serverDirOf(join(dir, 'site'))) ? changedIncludes(left, dir) : [] };
  });
}

/** The page policy an nginx release's pages must be sent with (its servers' header file). */
export function releasePolicy(release: string): string | undefined {
  return readPortalHeaders(join(release, 'site'))?.['Content-Security-Policy'];
}

/**
 * After a switch whose nginx includes changed: runs the reload command, then (with a page's URL) checks that nginx
 * sends the new release's policy. Returns the lines to print; throws when the reload or the check fails.
 */
export async function reloadNginx(release: string, changed: readonly string[], reload: string | undefined, check: string | undefined): Promise<string[]> {
  if (changed.length === 0) return ['nginx: no include changed, no reload needed'];
  if (reload === undefined) {
    return [
      `nginx MUST RELOAD NOW: ${changed.join(', ')} changed. Until it does, it sends the previous policy and routes: the new pages' inline scripts are refused by the browser.`,
      '  sudo nginx -t && sudo systemctl reload nginx   (or pass --reload CMD to have the release run it, and --check URL to verify)',
    ];
  }
  const ran = spawnSync(reload, { shell: true, stdio: 'inherit' });
  if (ran.status !== 0) throw new Error(`nginx: the reload command failed (exit ${String(ran.status)}): ${reload}. nginx still runs the previous includes`);
  const lines = [`nginx: reloaded (${changed.join(', ')} changed)`];
  if (check === undefined) return lines;
  const expected = releasePolicy(release);
  // A reload lets old workers finish: ask until the new policy is sent, for up to 10 s.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(check, { redirect: 'manual' }).catch(() => undefined);
    const sent = response?.headers.get('content-security-policy') ?? undefined;
    if (sent === expected) return [...lines, `nginx: ${check} is sent this release's policy`];
    if (Date.now() > deadline) throw new Error(`nginx: ${check} is sent ${sent === undefined ? 'no policy' : 'another policy'} after the reload, not this release's: check nginx's error log`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const value = (name: string) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args.splice(index, 2)[1] : undefined;
  };
  const flag = (name: string) => {
    const index = args.indexOf(`--${name}`);
    if (index >= 0) args.splice(index, 1);
    return index >= 0;
  };
  const dist = value('dist') ?? join(import.meta.dirname, '../../dist');
  const environment = value('environment');
  const graceDays = Number(value('grace-days') ?? 7);
  const keep = Number(value('keep') ?? 5);
  const waitSeconds = Number(value('wait') ?? 0);
  const reload = value('reload');
  const check = value('check');
  const services = value('services') ?? process.env['PORTAL_SERVICES_ORIGIN'];
  const rollbackIndex = args.indexOf('--rollback');
  // An ID after --rollback is a release's (a timestamp), never the host or the folder.
  const rollbackTo = rollbackIndex >= 0 && /^\d{4}-\d{2}-\d{2}T/.test(args[rollbackIndex + 1] ?? '') ? args.splice(rollbackIndex + 1, 1)[0] : undefined;
  const rollback = flag('rollback');
  const allowMock = flag('allow-mock');
  const [host, releases] = args;
  if (!HOSTS.includes(host as Host) || !releases || args.length > 2 || !Number.isFinite(graceDays) || !Number.isInteger(keep) || !Number.isFinite(waitSeconds) || (environment !== undefined && !ENVIRONMENTS.includes(environment as Environment))) {
    console.error(`usage: npm run release -- <nginx|cloudflare|netlify> <releases dir> [--dist dist] [--environment ${ENVIRONMENTS.join('|')}] [--allow-mock] [--grace-days 7] [--keep 5] [--services https://host[:port]] [--wait SECONDS] [--reload CMD [--check URL]]`);
    console.error('       npm run release -- <host> <releases dir> --rollback [ID] [--wait SECONDS] [--reload CMD [--check URL]]');
    process.exit(2);
  }
  const waitMs = waitSeconds * 1000;
  try {
    if (rollback) {
      const result = rollBack({ releases, waitMs, ...(rollbackTo ? { to: rollbackTo } : {}) });
      console.log(`rolled back: ${relative(process.cwd(), result.dir) || '.'} is current again (left ${relative(process.cwd(), result.left)}; its ${String(result.carried.length)} asset(s) stay served for pages opened from it)`);
      if (host === 'nginx') for (const line of await reloadNginx(result.dir, result.includesChanged, reload, check)) console.log(line);
    } else {
      const result = makeRelease({ dist, releases, host: host as Host, brands: deployBrands(process.env['PORTAL_BRANDS_DIR'] ?? join(import.meta.dirname, '../../brands')), graceMs: graceDays * 24 * 60 * 60 * 1000, keep, waitMs, allowMock, ...(services ? { services } : {}), ...(environment ? { environment: environment as Environment } : {}) });
      console.log(`release ${relative(process.cwd(), result.dir) || '.'} of a ${result.environment ?? '(unknown environment)'} build is current (published root: ${relative(process.cwd(), result.site)})`);
      console.log(`kept ${String(result.carried.length)} asset(s) of earlier releases within ${String(graceDays)} day(s); dropped ${String(result.dropped.length)} past it`);
      if (host === 'nginx') for (const line of await reloadNginx(result.dir, result.includesChanged, reload, check)) console.log(line);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
