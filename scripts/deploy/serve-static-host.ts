// `npm run serve:cloudflare` / `npm run serve:netlify` [-- --port 8788] [--services HOST:PORT] [--dist dist]
// [--releases <dir>]: serves a build on the host's own runtime, offline: Cloudflare Pages' (wrangler pages dev,
// workerd) or Netlify's (netlify dev). It builds dist/ when missing or stale (as npm start does), makes a
// release of it for that host (release.ts: the published root, as a deploy uploads it) and runs the runtime on
// it. With --services, the service paths (src/hosting/route-table.ts, SERVICE_PREFIXES) go to http://HOST:PORT by
// the host's own mechanism: on Cloudflare the build's `_worker.js` with PORTAL_SERVICES_ORIGIN bound, on Netlify
// the release's proxy rewrites. Both runtimes are devDependencies, so npm install brings them; netlify dev also
// needs the npm package deno on PATH.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeRelease } from './release.ts';
import { serviceOrigin } from '../../src/hosting/host-routes.ts';
import { NETLIFY_EDGE_FOLDER } from '../../src/hosting/netlify-edge.ts';
import { SERVICE_PREFIXES } from '../../src/hosting/route-table.ts';
import { DIST_DIR, ensureBuilt } from '../server/ensure-built.ts';

const root = join(import.meta.dirname, '../..');

/** The static hosts whose runtimes run here. */
export const STATIC_HOSTS = ['cloudflare', 'netlify'] as const;
export type StaticHost = (typeof STATIC_HOSTS)[number];

/** Cloudflare refuses a compatibility date after the runtime it ships; this one every wrangler 4 has. */
export const COMPATIBILITY_DATE = '2025-06-01';

const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/** The types module @netlify/edge-bundler's config extractor imports (its `deno/config.ts`). */
const NETLIFY_TYPES_URL = 'https://edge.netlify.com/bootstrap/globals/types.ts';

/** The same types as installed: the bootstrap package @netlify/edge-functions-dev depends on, wherever npm put it. */
function localNetlifyTypes(): string {
  const fromDev = createRequire(join(root, 'node_modules', '@netlify', 'edge-functions-dev', 'package.json'));
  return join(dirname(fromDev.resolve('@netlify/edge-functions-bootstrap')), 'bootstrap', 'globals', 'types.d.ts');
}

/**
 * The folder netlify dev takes for its project when started in `dir`: the nearest one above it with a package.json
 * (this repository's root, for a release inside it), else `dir` itself. Its config's paths are read from there.
 */
function netlifyProjectRoot(dir: string): string {
  for (let folder = dir; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) return dir;
  }
}

/** Why a host's runtime cannot start here (not installed), or undefined when it can. */
export function missingRuntime(host: StaticHost): string | undefined {
  const needed = host === 'cloudflare' ? ['wrangler'] : ['netlify', 'deno'];
  const missing = needed.filter((name) => !existsSync(bin(name)));
  return missing.length > 0 ? `${missing.join(' and ')} not installed (npm install brings them: they are devDependencies)` : undefined;
}

export interface ServeOptions {
  host: StaticHost;
  port: number;
  dist?: string;
  releases?: string;
  /** The services' origin (`http://HOST:PORT`) the service paths go to; without it they answer 503 (Cloudflare) or 404 (Netlify). */
  services?: string;
  /**
   * Runs the runtime in a process group of its own, for a caller that stops it with `stopStaticHost` while going on
   * itself (a test's afterAll). Otherwise it stays in the caller's group, so whatever stops that group (Ctrl-C,
   * Playwright ending a webServer) stops the runtime and its children too.
   */
  ownGroup?: boolean;
}

/**
 * Makes a release of the build for `host` (a MOCK build too: this machine's runtime; on Netlify with both edge
 * functions a deploy carries, the outage page's and, with services, the one refusing ambiguous service paths) and
 * starts its runtime on 127.0.0.1:`port` (Netlify's static server on `port` + 1). The runtime's own state
 * (.wrangler/, .netlify/) goes in the release folder.
 */
export function serveStaticHost(options: ServeOptions): ChildProcess {
  const missing = missingRuntime(options.host);
  if (missing) throw new Error(`${options.host}: ${missing}`);
  if (options.services !== undefined) serviceOrigin(options.services);
  const releases = resolve(options.releases ?? join(root, '.releases', options.host));
  const release = makeRelease({ dist: options.dist ?? DIST_DIR, releases, host: options.host, keep: 2, allowMock: true, ...(options.services ? { services: options.services } : {}) });
  const env = {
    ...process.env,
    PATH: [join(root, 'node_modules', '.bin'), process.env['PATH'] ?? ''].join(delimiter),
    WRANGLER_SEND_METRICS: 'false',
    // Offline: miniflare would fetch Request.cf's data from workers.cloudflare.com; its built-in stand-in is enough.
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    NETLIFY_TELEMETRY_DISABLED: '1',
    BROWSER: 'none',
  };
  if (options.host === 'cloudflare') {
    const binding = options.services ? ['--binding', `PORTAL_SERVICES_ORIGIN=${options.services}`] : [];
    return spawn(bin('wrangler'), ['pages', 'dev', release.site, `--compatibility-date=${COMPATIBILITY_DATE}`, '--ip', '127.0.0.1', '--port', String(options.port), '--inspector-port', String(options.port + 1), '--show-interactive-dev-session=false', '--log-level', 'warn', ...binding], { cwd: release.dir, env, stdio: 'inherit', detached: options.ownGroup === true });
  }
  // netlify dev's static server takes 3999 unless told: the dev section of the release's netlify.toml tells it. And
  // netlify dev takes the edge functions' folder from the nearest package.json's folder (this repository's root, even
  // for an absolute path), where a deploy of the release takes it from netlify.toml's: here it is named from there.
  const toml = join(release.dir, 'netlify.toml');
  // Without services the release's netlify.toml names no folder (the outage function's is Netlify's default): named too.
  const folder = `edge_functions = ${JSON.stringify(relative(netlifyProjectRoot(release.dir), join(release.dir, NETLIFY_EDGE_FOLDER)))}`;
  writeFileSync(toml, readFileSync(toml, 'utf8').replace(/^edge_functions = .*\n/m, '').replace(/^\[build\]\n/m, `[build]\n${folder}\n`));
  // Its variables from the release's own `.env` only (below), never from a developer's `.env` in the project folder.
  // netlify dev hands its edge functions only variables from an env file whose name, as written, begins with `.env`
  // (netlify-cli's edge-functions registry) and resolves the name from its project folder: `.env/../…` is that file.
  const dotEnv = join(release.dir, '.env');
  const envFile = `.env/../${relative(netlifyProjectRoot(release.dir), dotEnv)}`;
  appendFileSync(toml, `\n[dev]\nframework = "#static"\nstaticServerPort = ${String(options.port + 1)}\nenvFiles = [${JSON.stringify(envFile)}]\n`);
  // Before it runs an edge function, netlify dev reads its inline `config` with @netlify/edge-bundler's extractor
  // (deno/config.ts), which imports a type from edge.netlify.com: offline that fails (harmless: the declarations are in
  // netlify.toml), and online it is a request this machine must not make. netlify dev hands the extractor and the
  // functions the import map netlify.toml names (`[functions] deno_import_map`): it maps that address to the same
  // file in the bootstrap @netlify/edge-functions-dev ships, so no edge-functions request leaves the machine.
  const importMap = join(release.dir, 'netlify-dev-import-map.json');
  writeFileSync(importMap, `${JSON.stringify({ imports: { [NETLIFY_TYPES_URL]: pathToFileURL(localNetlifyTypes()).href } }, null, 2)}\n`);
  // Named relative to netlify dev's project folder, which its config joins to it (even to an absolute path).
  appendFileSync(toml, `\n[functions]\ndeno_import_map = ${JSON.stringify(relative(netlifyProjectRoot(release.dir), importMap))}\n`);
  // netlify dev listens on every interface and has no option to say otherwise: the preload makes its server listen on
  // loopback, as wrangler does with --ip (issue 40).
  const loopback = { PORTAL_LOOPBACK_PORT: String(options.port), NODE_OPTIONS: [process.env['NODE_OPTIONS'] ?? '', `--import=${pathToFileURL(join(import.meta.dirname, 'loopback-listen.ts')).href}`].join(' ').trim() };
  // netlify dev imports its edge functions' runtime (the bootstrap) from edge.netlify.com even with --offline; the
  // same bootstrap ships in @netlify/edge-functions-dev (a devDependency), so the runtime starts without the internet.
  const bootstrap = { NETLIFY_EDGE_BOOTSTRAP: pathToFileURL(join(root, 'node_modules', '@netlify', 'edge-functions-dev', 'dist', 'deno', 'bootstrap.mjs')).href };
  // Nothing else leaves the machine either (checked with every connection traced, docs/deploy-netlify.md): the CLI's
  // telemetry is off by its own setting (its global config, kept in the release: NETLIFY_TELEMETRY_DISABLED is not read
  // by netlify-cli 23), Deno checks for no new release, and the preload resolves only loopback names and the services'
  // host (the edge bundler asks edge.netlify.com for its types' version on every start, with no setting to stop it).
  const home = join(release.dir, '.netlify-home');
  mkdirSync(join(home, 'netlify'), { recursive: true });
  writeFileSync(join(home, 'netlify', 'config.json'), `${JSON.stringify({ telemetryDisabled: true })}\n`);
  // The edge functions' Deno gets only netlify dev's own variables and those of its env files (`[dev] envFiles`).
  writeFileSync(dotEnv, 'DENO_NO_UPDATE_CHECK=1\n');
  const quiet = { XDG_CONFIG_HOME: home, PORTAL_LOOPBACK_HOSTS: options.services ? new URL(options.services).hostname : '' };
  return spawn(bin('netlify'), ['dev', '--offline', '--dir', release.site, '--port', String(options.port)], { cwd: release.dir, env: { ...env, ...loopback, ...bootstrap, ...quiet }, stdio: 'inherit', detached: options.ownGroup === true });
}

/**
 * Stops a runtime `serveStaticHost` started, with everything it started (any other child: itself): netlify dev leaves its Deno server running
 * when only the CLI is told to stop, so each runtime runs in a process group of its own and the group is signalled.
 */
export function stopStaticHost(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const value = (name: string) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args.splice(index, 2)[1] : undefined;
  };
  const port = Number(value('port') ?? 8788);
  const dist = value('dist');
  const releases = value('releases');
  const servicesArg = value('services');
  const host = args[0] as StaticHost;
  const services = servicesArg === undefined ? undefined : /^[\w.-]+:\d+$|^\[[\da-f:]+\]:\d+$/i.test(servicesArg) ? `http://${servicesArg}` : servicesArg;
  if (!STATIC_HOSTS.includes(host) || !Number.isInteger(port)) {
    console.error('usage: npm run serve:<cloudflare|netlify> -- [--port 8788] [--services HOST:PORT] [--dist dist] [--releases dir]');
    process.exit(2);
  }
  if (!dist) ensureBuilt();
  let child: ChildProcess;
  try {
    child = serveStaticHost({ host, port, ...(dist ? { dist } : {}), ...(releases ? { releases } : {}), ...(services ? { services } : {}) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.log(`${host === 'cloudflare' ? 'Cloudflare Pages (wrangler pages dev)' : 'Netlify (netlify dev)'} on http://127.0.0.1:${String(port)}/app/nxn/login?SMQUERYDATA=demo`);
  console.log(services ? `  service paths (${SERVICE_PREFIXES.join(', ')}) to ${services}` : '  no --services HOST:PORT: the service paths have nowhere to go, so nobody can sign in');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopStaticHost(child, signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
