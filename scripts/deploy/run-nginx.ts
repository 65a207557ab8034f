// Serves dist/ with the shipped nginx config (Debian's nginx), proxying the service paths to a
// running emulator: `npm run nginx -- [--port 4398] [--services 127.0.0.1:4321] [--dist dist]` (4321 is
// `npm start`'s port, PORT overrides). CI runs the end-to-end smoke tests through it; ops can read it as a
// complete example of filling the config's placeholders (docs/deploy-nginx.md).
// `--siteminder HOST:PORT` and `--service HOST:PORT` send SiteMinder's paths and portal-login-service's to
// different backends (`--services` sets both); `--upstream-tls` speaks TLS to them (`--upstream-ca ca.pem`
// verifies their certificates); `--trusted-proxy 10.0.0.0/24,…` believes X-Forwarded-Proto from those
// addresses; `--server-name`, `--access-log FILE`. The access log goes to the run's folder unless named.
// Given a build (dist/, its includes and .gz copies in dist-server/ beside it) it first makes an nginx
// release of it in its own temporary folder, as `npm run release -- nginx` does; given a release's site/
// (releases/current/site) it serves that, includes from site-server/ beside it.
// Over TLS: `--tls` (a self-signed certificate for localhost, made by openssl for this run) or
// `--tls-cert cert.pem --tls-key key.pem`; the port then speaks HTTPS and the services see
// X-Forwarded-Proto: https. `--http-port N` adds a plain-HTTP port that redirects to it (the HTTP
// Observatory scan, scripts/checkers/observatory.ts, runs the portal so).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { selfSignedCertificate } from './self-signed-certificate.ts';
import { makeRelease } from './release.ts';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';

const root = join(import.meta.dirname, '../..');
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] ?? fallback : fallback;
};
const port = argument('port', process.env['NGINX_PORT'] ?? '4398');
const services = argument('services', process.env['SERVICES'] ?? `127.0.0.1:${process.env['PORT'] ?? '4321'}`);
const siteminder = argument('siteminder', services);
const service = argument('service', services);
// nginx reads paths from its own prefix: a relative --dist is taken from where the command runs.
const given = resolve(argument('dist', join(root, 'dist')));
const serverName = argument('server-name', 'localhost 127.0.0.1');
const trustedProxies = argument('trusted-proxy', '').split(',').map((address) => address.trim()).filter(Boolean);
const upstreamTls = process.argv.includes('--upstream-tls');
const upstreamCa = argument('upstream-ca', '');
// The name both backends' certificates carry (scripts/deploy/self-signed-certificate.ts makes them for localhost).
const upstreamTlsName = argument('upstream-tls-name', 'localhost');
const nginx = process.env['NGINX_PATH'] ?? '/usr/sbin/nginx';
const selfSigned = process.argv.includes('--tls');
let tlsCert = argument('tls-cert', '');
let tlsKey = argument('tls-key', '');
const httpPort = argument('http-port', '');
if (Boolean(tlsCert) !== Boolean(tlsKey) || (httpPort && !tlsCert && !selfSigned)) {
  console.error('--tls-cert and --tls-key go together, and --http-port needs TLS (--tls or both)');
  process.exit(1);
}

if (!existsSync(nginx)) {
  console.error(`nginx not found at ${nginx} (apt-get install nginx, or set NGINX_PATH)`);
  process.exit(1);
}
// Under Playwright the portal server builds dist/ at the same time: wait for it (up to 3 minutes).
const deadline = Date.now() + 180_000;
const includes = join(serverDirOf(given), '_nginx-policy.conf');
while (!existsSync(includes) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 500));
if (!existsSync(includes)) {
  console.error(`${includes} is missing: run npm run build first`);
  process.exit(1);
}

const prefix = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
mkdirSync(join(prefix, 'logs'));
const isRelease = existsSync(join(dirname(given), 'release.json'));
const dist = isRelease ? given : makeRelease({ dist: given, releases: join(prefix, 'releases'), host: 'nginx', allowMock: true }).site;
// Made here only when not given one: a key of the caller's is never removed.
const madeCertificate = selfSigned && !tlsCert;
if (madeCertificate) ({ cert: tlsCert, key: tlsKey } = selfSignedCertificate(prefix));
const accessLog = resolve(argument('access-log', join(prefix, 'logs', 'access.log')));
let site = readFileSync(join(import.meta.dirname, 'portal.nginx.conf'), 'utf8')
  .replaceAll('__DIST__', dist)
  .replaceAll('__SERVER__', serverDirOf(dist))
  .replaceAll('__LISTEN__', `127.0.0.1:${port}${tlsCert ? ' ssl' : ''}`)
  .replaceAll('__SERVER_NAME__', serverName)
  .replaceAll('__SITEMINDER__', siteminder)
  .replaceAll('__SERVICE__', service)
  .replaceAll('__UPSTREAM_SCHEME__', upstreamTls ? 'https' : 'http')
  .replaceAll('__TRUSTED_PROXIES__', trustedProxies.map((address) => `${address} 1;`).join(' '))
  .replaceAll('__ACCESS_LOG__', accessLog)
  .replaceAll('__ERROR_LOG__', join(prefix, 'logs', 'portal.error.log'));
// TLS to the backends: the config's commented lines, switched on (verifying only when given the CA).
if (upstreamTls) {
  site = site.replace('# proxy_ssl_server_name on;', 'proxy_ssl_server_name on;')
    .replace('# proxy_ssl_protocols TLSv1.2 TLSv1.3;', 'proxy_ssl_protocols TLSv1.2 TLSv1.3;');
  if (upstreamCa) {
    site = site.replace('# proxy_ssl_verify on;', 'proxy_ssl_verify on;')
      .replace('# proxy_ssl_name siteminder.internal.example;', `proxy_ssl_name ${upstreamTlsName};`)
      .replace('# proxy_ssl_name portal-login-service.internal.example;', `proxy_ssl_name ${upstreamTlsName};`)
      .replace('# proxy_ssl_trusted_certificate /etc/ssl/certs/ca-certificates.crt;', `proxy_ssl_trusted_certificate ${resolve(upstreamCa)};`);
  }
}
writeFileSync(join(prefix, 'portal.conf'), site);
// The certificate for every server of the http block; plain HTTP only redirects (permanently, as HSTS expects).
const tls = tlsCert
  ? [
      `ssl_certificate ${tlsCert};`,
      `ssl_certificate_key ${tlsKey};`,
      'ssl_protocols TLSv1.2 TLSv1.3;',
      ...(httpPort ? [`server { listen 127.0.0.1:${httpPort}; server_tokens off; return 301 https://$host:${port}$request_uri; }`] : []),
    ].join('\n  ')
  : '';
writeFileSync(join(prefix, 'nginx.conf'), `
daemon off;
worker_processes 1;
user root root;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  ${tls}
  include ${prefix}/portal.conf;
  # A host name the portal does not answer to (server_name) gets no answer at all.
  server { listen 127.0.0.1:${port}${tlsCert ? ' ssl' : ''} default_server; server_tokens off; return 444; }
}
`);
const test = spawnSync(nginx, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf')], { encoding: 'utf8' });
if (test.status !== 0) {
  console.error(test.stderr);
  process.exit(1);
}
console.log(`nginx serving ${dist} on ${tlsCert ? 'https' : 'http'}://127.0.0.1:${port}${httpPort ? ` (and http://127.0.0.1:${httpPort}, redirecting)` : ''}, SiteMinder from ${siteminder}, portal-login-service from ${service}${upstreamTls ? ' (over TLS)' : ''}`);
console.log(`config and logs in ${prefix} (access log ${accessLog})`);
const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'inherit' });
// SIGHUP too: a closed terminal sends it to node and nginx alike, and nginx takes it for a reload, so without this
// node died, nginx went on serving and the key stayed in /tmp.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill('SIGQUIT'));
// What this run made and nobody else needs once nginx has stopped: the self-signed key (a private key left in
// /tmp is a key anyone on the machine may read later), its certificate and the release made of dist/. The
// config and logs stay, for reading.
const madeHere = [...(madeCertificate ? [tlsKey, tlsCert] : []), ...(isRelease ? [] : [join(prefix, 'releases')])];
const cleanUp = () => {
  for (const path of madeHere) rmSync(path, { recursive: true, force: true });
};
process.on('exit', cleanUp);
child.on('exit', (code) => process.exit(code ?? 0));
