import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { missingRuntime } from '../../scripts/deploy/serve-static-host.ts';

/*
 * The hosts the black-box suite runs against, each on its own port from HOSTS_PORT (default 4450, clear of
 * tests/playwright.config.ts's map and of the engines' 4404-4407):
 *   server      HOSTS_PORT      the bundled server (npm start's, without the emulator)
 *   nginx       HOSTS_PORT + 1  the shipped nginx config on an nginx release
 *   cloudflare  HOSTS_PORT + 2  wrangler pages dev on a Cloudflare release (+ 3: its inspector)
 *   netlify     HOSTS_PORT + 4  netlify dev on a Netlify release (+ 5: its static server)
 *   retention   HOSTS_PORT + 6  nginx of the asset-retention test, on releases of its own
 *   services    HOSTS_PORT + 7  the emulator (npm start's server) cloudflare's service paths go to
 *               HOSTS_PORT + 8  the emulator netlify's go to: each runtime's journeys change its own users
 *               HOSTS_PORT + 9  npm start's server with its emulator that nginx's service paths go to
 *               HOSTS_PORT + 10 npm start's server with its emulator: hostile-paths.spec.ts tries the spellings of
 *                               issue 40 on it as the bundled server
 *   release     HOSTS_PORT + 17 nginx of the release-reload test (csp-after-release), on releases of its own
 *   outage      HOSTS_PORT + 18 wrangler pages dev whose service is down (outage-pages; + 19: its inspector)
 */
const HOSTS_PORT = Number(process.env['HOSTS_PORT'] ?? 4450);

export const HOST_NAMES = ['server', 'nginx', 'cloudflare', 'netlify'] as const;
export type HostName = (typeof HOST_NAMES)[number];

export const HOST_PORTS: Readonly<Record<HostName, number>> = { server: HOSTS_PORT, nginx: HOSTS_PORT + 1, cloudflare: HOSTS_PORT + 2, netlify: HOSTS_PORT + 4 };
export const RETENTION_PORT = HOSTS_PORT + 6;
export const RELEASE_NGINX_PORT = HOSTS_PORT + 17;
export const OUTAGE_CLOUDFLARE_PORT = HOSTS_PORT + 18;

/** The static hosts whose runtimes route the service paths, each to an emulator of its own. */
export const SERVICE_HOSTS = ['cloudflare', 'netlify'] as const;
export const SERVICES_PORTS: Readonly<Record<(typeof SERVICE_HOSTS)[number], number>> = { cloudflare: HOSTS_PORT + 7, netlify: HOSTS_PORT + 8 };

/** npm start's server (pages and emulator) that nginx's service paths go to. */
export const NGINX_SERVICES_PORT = HOSTS_PORT + 9;
/** npm start's server (pages and emulator), for issue 40's checks on the bundled server. */
export const BUNDLED_EMULATOR_PORT = HOSTS_PORT + 10;

/** Where the suite keeps its releases. */
export const HOSTS_DIR = join(import.meta.dirname, '../../test-results/hosts');

const NGINX = process.env['NGINX_PATH'] ?? '/usr/sbin/nginx';

/** Why a host cannot start on this machine, or undefined when it can. */
export function cannotStart(host: HostName): string | undefined {
  if (host === 'nginx') return existsSync(NGINX) ? undefined : `nginx not found at ${NGINX} (apt-get install nginx, or set NGINX_PATH)`;
  if (host === 'cloudflare' || host === 'netlify') return missingRuntime(host);
  return undefined;
}
