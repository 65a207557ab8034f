// Starts every host of the black-box suite on one build (HOSTS names them, comma-separated): builds dist/
// when missing or stale, makes a release of it per host (scripts/deploy/release.ts), starts nginx, wrangler and
// netlify on theirs, waits until each answers, and starts the bundled server last: its answer tells Playwright
// that all are up. Wrangler and netlify route the service paths (--services) each to an emulator of its own (npm
// start's server and emulator on SERVICES_PORTS), as a deploy routes them to its environment's services; so does a
// second nginx, on the same release, for the first visits of services.spec.ts.
// Stops them all on SIGINT/SIGTERM.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, ensureBuilt } from '../../scripts/server/ensure-built.ts';
import { createPortalServer } from '../../scripts/server/portal-server.ts';
import { withContractAudit } from '../../scripts/contract/audit.ts';
import { createEmulator, hostWithPort } from '../../scripts/emulator/create-emulator.ts';
import { makeRelease } from '../../scripts/deploy/release.ts';
import { serveStaticHost, stopStaticHost } from '../../scripts/deploy/serve-static-host.ts';
import { BUNDLED_EMULATOR_PORT, HOST_NAMES, HOST_PORTS, HOSTS_DIR, NGINX_SERVICES_PORT, SERVICE_HOST_PORTS, SERVICES_PORTS } from './hosts.ts';
import type { HostName } from './hosts.ts';

const wanted = (process.env['HOSTS'] ?? HOST_NAMES.join(',')).split(',').filter((name): name is HostName => (HOST_NAMES as readonly string[]).includes(name));
ensureBuilt();
rmSync(HOSTS_DIR, { recursive: true, force: true });

const children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) stopStaticHost(child);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(0);
  });
}

/** Resolves once `url` answers at all (any status), or rejects after `seconds`. */
async function answers(url: string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${String(seconds)} s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Starts the emulator (npm start's server) a host of services.spec.ts routes its service paths to; its `HOST:PORT`.
 * Loopback only: the tests read the outbox here, never through the host; SMS name the host's site. The RP ID is
 * configuration, as on a real deploy: the runtimes fetch the service by its own address (127.0.0.1, which no RP ID
 * can be), and the passkey test opens the host as localhost.
 */
function servicesEmulator(host: keyof typeof SERVICES_PORTS): string {
  const emulator = withContractAudit(createEmulator({ inspection: true, webOtpHost: hostWithPort('localhost', SERVICE_HOST_PORTS[host]), passkeys: { rpId: 'localhost' } }));
  createPortalServer({ distDir: DIST_DIR, mounted: (req, res) => emulator.handle(req, res) }).listen(SERVICES_PORTS[host], '127.0.0.1');
  return `127.0.0.1:${String(SERVICES_PORTS[host])}`;
}

const started: Array<Promise<void>> = [];
const startedAt = performance.now();
if (wanted.includes('nginx')) {
  const release = makeRelease({ dist: DIST_DIR, releases: join(HOSTS_DIR, 'nginx'), host: 'nginx', allowMock: true });
  // nginx proxies the service paths to npm start's server with its emulator (hostile-paths.spec.ts reads it directly).
  const emulator = withContractAudit(createEmulator({ inspection: true, webOtpHost: hostWithPort('localhost', HOST_PORTS.nginx) }));
  createPortalServer({ distDir: DIST_DIR, mounted: (req, res) => emulator.handle(req, res) }).listen(NGINX_SERVICES_PORT, '127.0.0.1');
  children.push(spawn(process.execPath, [join(import.meta.dirname, '../../scripts/deploy/run-nginx.ts'), '--port', String(HOST_PORTS.nginx), '--services', `127.0.0.1:${String(NGINX_SERVICES_PORT)}`, '--dist', release.site], { stdio: 'inherit' }));
  started.push(answers(`http://127.0.0.1:${String(HOST_PORTS.nginx)}/`, 30));
  // The first visits of services.spec.ts (issue 41): nginx of its own on the same release, its service paths to an
  // emulator of its own.
  const emulatorOfItsOwn = servicesEmulator('nginx');
  children.push(spawn(process.execPath, [join(import.meta.dirname, '../../scripts/deploy/run-nginx.ts'), '--port', String(SERVICE_HOST_PORTS.nginx), '--services', emulatorOfItsOwn, '--dist', release.site], { stdio: 'inherit' }));
  started.push(answers(`http://127.0.0.1:${String(SERVICE_HOST_PORTS.nginx)}/`, 30));
}
for (const host of ['cloudflare', 'netlify'] as const) {
  if (!wanted.includes(host)) continue;
  children.push(serveStaticHost({ host, port: HOST_PORTS[host], releases: join(HOSTS_DIR, host), services: `http://${servicesEmulator(host)}` }));
  started.push(answers(`http://127.0.0.1:${String(HOST_PORTS[host])}/`, 120));
}
try {
  await Promise.all(started);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stopAll();
  process.exit(1);
}
console.log(`hosts: ${wanted.join(', ')} up in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
if (wanted.includes('server')) {
  const emulator = withContractAudit(createEmulator({ inspection: true, webOtpHost: hostWithPort('localhost', BUNDLED_EMULATOR_PORT) }));
  createPortalServer({ distDir: DIST_DIR, mounted: (req, res) => emulator.handle(req, res) }).listen(BUNDLED_EMULATOR_PORT, '127.0.0.1');
}
createPortalServer({ distDir: DIST_DIR }).listen(HOST_PORTS.server, '127.0.0.1');
