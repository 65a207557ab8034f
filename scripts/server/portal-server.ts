import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { resolveRequest } from './resolve-request.ts';
import type { DistIndex } from './resolve-request.ts';
import { COMMON_SECURITY_HEADERS } from '../../src/hosting/security-headers.ts';
import { NON_PAGE_POLICY } from '../../src/hosting/page-headers.ts';
import { isBrandKey } from '../../src/domain/brands.ts';
import { DEFAULT_LANGUAGE } from '../../src/domain/languages.ts';
import { cacheControlFor, loadPageHeaders } from './security-headers.ts';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';
import { RELATED_ORIGINS_PATH } from '../../src/hosting/environment-files.ts';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** A request handler that answers when it knows the path and says false otherwise. */
export type MountedHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

function distIndex(distDir: string): DistIndex {
  return {
    isFile(relative) {
      const absolute = join(distDir, relative);
      return existsSync(absolute) && statSync(absolute).isFile();
    },
    hasBrand(key) {
      return isBrandKey(key) && existsSync(join(distDir, 'app', key, 'login.html'));
    },
  };
}

/**
 * The answer when handling a request threw. Nothing a request carries may stop the server (issue 35: a Location
 * Node refused, thrown where nothing caught it, ended `npm start`'s process): a value Node refuses in a header or
 * a malformed escape came from the request (400); anything else is ours (500, logged). The server goes on.
 */
function answerFailure(res: ServerResponse, error: unknown): void {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  const fromRequest = error instanceof URIError || code === 'ERR_INVALID_CHAR' || code === 'ERR_HTTP_INVALID_HEADER_VALUE';
  if (!fromRequest) console.error('portal server failed:', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.removeHeader('Location');
  res.writeHead(fromRequest ? 400 : 500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
    .end(fromRequest ? 'Bad Request' : 'Internal Server Error');
}

/** How long the server keeps an idle connection: longer than any proxy in front of it (the nginx config's 60 s). */
const SERVER_KEEP_ALIVE_MS = 65_000;

/** Serves `dist/` (and, first, any mounted handler such as the emulator) on one origin. */
export function createPortalServer(options: { distDir: string; mounted?: MountedHandler }): Server {
  const dist = distIndex(options.distDir);
  const pageHeaders = loadPageHeaders(options.distDir);
  const gzipDir = serverDirOf(options.distDir);
  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
    const handleStatic = () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
        return;
      }
      let url: URL;
      try {
        // The path as sent, on a fixed origin: `//x/y` is the path `//x/y`, never the host `x` (issue 40).
        const target = req.url ?? '/';
        url = new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost');
        decodeURIComponent(url.pathname);
      } catch {
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request');
        return;
      }
      const resolution = resolveRequest(decodeURIComponent(url.pathname), url.search, req.headers.cookie, dist);
      if (resolution.kind === 'redirect') {
        res.writeHead(302, { Location: resolution.location, 'Cache-Control': 'no-cache' }).end();
        return;
      }
      const absolute = join(options.distDir, resolution.file);
      if (!existsSync(absolute)) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
        return;
      }
      // The build's .gz copy of the file, in the server folder beside dist/ (src/hosting/dist-layout.ts).
      const gzipped = join(gzipDir, `${resolution.file}.gz`);
      const sendGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && existsSync(gzipped);
      res.writeHead(resolution.status, {
        // The related-origins file has no extension; browsers read it only as JSON.
        'Content-Type': resolution.file === RELATED_ORIGINS_PATH ? 'application/json' : CONTENT_TYPES[extname(absolute)] ?? 'application/octet-stream',
        Vary: 'Accept-Encoding, Cookie',
        ...(sendGzip ? { 'Content-Encoding': 'gzip' } : {}),
        'Cache-Control': cacheControlFor(resolution.file),
        // As nginx: the page policy on pages, one that allows nothing on everything else.
        ...(resolution.file.endsWith('.html')
          ? { 'Content-Language': resolution.language ?? DEFAULT_LANGUAGE, ...pageHeaders }
          : { 'Content-Security-Policy': NON_PAGE_POLICY }),
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(sendGzip ? gzipped : absolute).on('error', (error) => { answerFailure(res, error); }).pipe(res);
    };
    // The server's edge: whatever handling throws is answered here, synchronously or after the emulator.
    const serveStatic = () => {
      try {
        handleStatic();
      } catch (error) {
        answerFailure(res, error);
      }
    };
    const mounted = options.mounted;
    if (!mounted) {
      serveStatic();
      return;
    }
    // Called inside the promise, so a handler that throws at once is answered like one that rejects.
    Promise.resolve().then(() => mounted(req, res)).then(
      (handled) => {
        if (!handled) serveStatic();
      },
      (error: unknown) => {
        console.error('emulator failed:', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ errorCode: 'SERVER', message: 'internal error' }));
      },
    );
  });
  // A proxy in front (the shipped nginx config keeps idle connections 60 s) must be the one to close an idle
  // connection: closed here first (Node's default is 5 s), it can go while nginx sends a form post on it, which nginx
  // never retries, and the visitor gets the outage page (a first visit through nginx, seen under load).
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
  server.headersTimeout = SERVER_KEEP_ALIVE_MS + 1000;
  return server;
}
