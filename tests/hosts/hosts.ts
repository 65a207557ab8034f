import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { missingRuntime } from '../../scripts/deploy/serve-static-host.ts';
import type { StaticHost } from '../../scripts/deploy/serve-static-host.ts';

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
 *               HOSTS_PORT + 11 the emulator the first-visit nginx's service paths go to (issue 41)
 *   nginx-first HOSTS_PORT + 12 nginx of its own for the first visits of services.spec.ts (issue 41), so its
 *                               journeys and issue 40's limits on HOSTS_PORT + 9 never share an emulator
 *   release     HOSTS_PORT + 17 nginx of the release-reload test (csp-after-release), on releases of its own
 *               HOSTS_PORT + 36 wrangler pages dev of tests/unit/third-language.test.ts (issue 45) on its copy of the
 *                               project (+ 37: its inspector), + 38 its netlify dev (+ 39: its static server)
 *   outage      HOSTS_PORT + 18 wrangler pages dev whose service is down (outage-pages; + 19: its inspector)
 *               HOSTS_PORT + 28 netlify dev whose service is down (outage-pages, project outage-netlify; + 29: its
 *                               static server)
 */
const HOSTS_PORT = Number(process.env['HOSTS_PORT'] ?? 4450);

export const HOST_NAMES = ['server', 'nginx', 'cloudflare', 'netlify'] as const;
export type HostName = (typeof HOST_NAMES)[number];

export const HOST_PORTS: Readonly<Record<HostName, number>> = { server: HOSTS_PORT, nginx: HOSTS_PORT + 1, cloudflare: HOSTS_PORT + 2, netlify: HOSTS_PORT + 4 };
export const RETENTION_PORT = HOSTS_PORT + 6;
export const RELEASE_NGINX_PORT = HOSTS_PORT + 17;
/** The static hosts' runtimes whose service is down (outage-pages.spec.ts), one each. */
export const OUTAGE_PORTS: Readonly<Record<StaticHost, number>> = { cloudflare: HOSTS_PORT + 18, netlify: HOSTS_PORT + 28 };

/**
 * The hosts services.spec.ts walks first visits through, each routing the service paths to an emulator of its own
 * (SERVICES_PORTS) as a deploy routes them to its services, and answering on SERVICE_HOST_PORTS: the runtimes on
 * their own ports, nginx on one of its own (the suite's other nginx serves issue 40's checks).
 */
export const SERVICE_HOSTS = ['nginx', 'cloudflare', 'netlify'] as const;
export type ServiceHost = (typeof SERVICE_HOSTS)[number];
export const SERVICES_PORTS: Readonly<Record<ServiceHost, number>> = { nginx: HOSTS_PORT + 11, cloudflare: HOSTS_PORT + 7, netlify: HOSTS_PORT + 8 };
export const SERVICE_HOST_PORTS: Readonly<Record<ServiceHost, number>> = { nginx: HOSTS_PORT + 12, cloudflare: HOST_PORTS.cloudflare, netlify: HOST_PORTS.netlify };

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
