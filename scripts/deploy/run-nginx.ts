// Serves dist/ with the shipped nginx config (Debian's nginx), proxying the service paths to a
// running emulator: `node scripts/deploy/run-nginx.ts [--port 4398] [--services 127.0.0.1:4399] [--dist dist]`.
// Given a build (dist/, its includes and .gz copies in dist-server/ beside it) it first makes an nginx
// release of it in its own temporary folder, as `npm run release -- nginx` does; given a release's site/
// (releases/current/site) it serves that, includes from site-server/ beside it.
// CI runs the end-to-end smoke tests through it; ops can read it as a complete example.
// Over TLS: `--tls` (a self-signed certificate for localhost, made by openssl for this run) or
// `--tls-cert cert.pem --tls-key key.pem`; the port then speaks HTTPS and the services see
// X-Forwarded-Proto: https. `--http-port N` adds a plain-HTTP port that redirects to it (the HTTP
// Observatory scan, scripts/checkers/observatory.ts, runs the portal so).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { selfSignedCertificate } from './self-signed-certificate.ts';
import { makeRelease } from './release.ts';
import { serverDirOf } from '../../src/build/dist-layout.ts';

const root = join(import.meta.dirname, '../..');
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] ?? fallback : fallback;
};
const port = argument('port', process.env['NGINX_PORT'] ?? '4398');
const services = argument('services', process.env['SERVICES'] ?? '127.0.0.1:4399');
const given = resolve(argument('dist', join(root, 'dist')));
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
const dist = isRelease ? given : makeRelease({ dist: given, releases: join(prefix, 'releases'), host: 'nginx' }).site;
if (selfSigned && !tlsCert) ({ cert: tlsCert, key: tlsKey } = selfSignedCertificate(prefix));
const site = readFileSync(join(import.meta.dirname, 'portal.nginx.conf'), 'utf8')
  .replaceAll('__DIST__', dist)
  .replaceAll('__SERVER__', serverDirOf(dist))
  .replaceAll('__LISTEN__', `127.0.0.1:${port}${tlsCert ? ' ssl' : ''}`)
  .replaceAll('__SERVICES__', services);
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
}
`);
const test = spawnSync(nginx, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf')], { encoding: 'utf8' });
if (test.status !== 0) {
  console.error(test.stderr);
  process.exit(1);
}
console.log(`nginx serving ${dist} on ${tlsCert ? 'https' : 'http'}://127.0.0.1:${port}${httpPort ? ` (and http://127.0.0.1:${httpPort}, redirecting)` : ''}, services from ${services}`);
const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill('SIGQUIT'));
child.on('exit', (code) => process.exit(code ?? 0));
