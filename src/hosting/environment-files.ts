import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { brandConfigSchema } from '../config/brand-schema.ts';
import { BUILD_INFO_FILE, buildEnvironment, buildInfoSchema } from '../config/build-environment.ts';
import type { BuildInfo } from '../config/build-environment.ts';
import { ConfigError } from '../config/config-errors.ts';
import { loadEnvironmentMap } from '../config/load-environment-map.ts';
import type { Environment } from '../domain/environments.ts';
import { passkeyConfigProblems, passkeyOrigins, relatedOriginsFile } from '../config/passkey-origins.ts';
import type { BrandHosts } from '../config/passkey-origins.ts';
import { serverDirOf } from './dist-layout.ts';
import { siteFiles } from './site-files.ts';

/** The WebAuthn related-origins file, served as application/json by every host. */
export const RELATED_ORIGINS_PATH = '.well-known/webauthn';
/** What a monitor asks for (nginx answers `/healthz` with it): this release is served, and for which environment. */
export const HEALTH_FILE = 'health.json';

/** The commit a build is made from: PORTAL_COMMIT (a CI's own), else git's HEAD, marked `-dirty` when the tree differs. */
function buildCommit(root: string, variables: NodeJS.ProcessEnv = process.env): string {
  const given = variables['PORTAL_COMMIT']?.trim();
  if (given) return given;
  const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', 'HEAD');
  if (head.status !== 0) return 'unknown';
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '-dirty' : ''}`;
}

/** Writes a dist/'s build information beside it, in its dist-server/ (build metadata, not for visitors). */
export function writeBuildInfo(distDir: string, info: BuildInfo): void {
  const dir = serverDirOf(distDir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, BUILD_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
}

/** A dist/'s build information, or undefined for a dist/ without it (built before builds had an environment). */
export function readBuildInfo(distDir: string): BuildInfo | undefined {
  const file = join(serverDirOf(distDir), BUILD_INFO_FILE);
  return existsSync(file) ? buildInfoSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
}

/** The brands a dist/ holds: those with a login page. */
export function brandsInDist(distDir: string): string[] {
  const appDir = join(distDir, 'app');
  if (!existsSync(appDir)) return [];
  return readdirSync(appDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(appDir, entry.name, 'login.html')))
    .map((entry) => entry.name)
    .sort();
}

const hostsSchema = z.object({ hosts: brandConfigSchema.shape.hosts }).loose();

/** Each brand's own hosts (brand.json `hosts`; brand:check and the build validated the file). */
function readBrandHosts(brandsDir: string, brands: readonly string[]): BrandHosts {
  const hosts: BrandHosts = {};
  for (const brand of brands) {
    const file = join(brandsDir, brand, 'brand.json');
    if (!existsSync(file)) continue;
    const parsed = hostsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success && parsed.data.hosts) hosts[brand] = parsed.data.hosts;
  }
  return hosts;
}

/**
 * After a build (or a merge of shards): the build's information (`_portal-build.json`: its environment and
 * passkey origins), the related-origins file of its environment alone, and the health file. A passkey
 * configuration that would make another environment's host an origin stops the build (passkeyConfigProblems).
 */
export function writeEnvironmentFiles(distDir: string, options: { environment?: Environment; brandsDir?: string; root?: string } = {}): BuildInfo {
  const environment = options.environment ?? buildEnvironment();
  const root = options.root ?? process.cwd();
  const brandsDir = options.brandsDir ?? process.env['PORTAL_BRANDS_DIR'] ?? join(root, 'brands');
  const map = loadEnvironmentMap(root);
  const hosts = readBrandHosts(brandsDir, brandsInDist(distDir));
  const problems = passkeyConfigProblems(map, hosts);
  if (problems.length > 0) throw new ConfigError(problems.map((message) => ({ file: 'src/config/environment-map.json', path: 'passkeys', message })));
  const origins = passkeyOrigins(map, environment, hosts);
  mkdirSync(join(distDir, '.well-known'), { recursive: true });
  writeFileSync(join(distDir, RELATED_ORIGINS_PATH), relatedOriginsFile(origins));
  const commit = buildCommit(root);
  // The release adds its id (scripts/deploy/release.ts): a monitor sees which release and commit answer.
  writeFileSync(join(distDir, HEALTH_FILE), `${JSON.stringify({ status: 'ok', environment, commit })}\n`);
  // security.txt and robots.txt: every host serves them as files.
  for (const [file, text] of Object.entries(siteFiles(root, environment))) writeFileSync(join(distDir, file), text);
  const info: BuildInfo = { environment, commit, passkeys: { rpId: origins.rpId, allowedOrigins: origins.origins.map(({ origin }) => origin), relatedOrigins: origins.relatedOrigins } };
  writeBuildInfo(distDir, info);
  return info;
}

/** Refuses to merge brands built for one environment into a dist/ built for another. */
export function assertSameEnvironment(distDir: string, environment: Environment = buildEnvironment()): void {
  const built = readBuildInfo(distDir)?.environment;
  if (built !== undefined && built !== environment) {
    throw new Error(`${distDir} was built for ${built}, this build is for ${environment} (PORTAL_ENVIRONMENT): rebuild every brand for one environment`);
  }
}
