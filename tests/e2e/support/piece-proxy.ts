import { createServer, request as forward } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endToEnd } from './fault-proxy.ts';

/**
 * A proxy in front of the served portal that sends one page's HTML in pieces, the next only when the test
 * asks: as a slow network or a busy parser does, the browser paints what it has between pieces. Everything
 * else passes through whole.
 */
export interface PieceProxy {
  /** The proxy's origin. */
  base: string;
  /** Resolves with the number of pieces once the page was asked for and its first piece sent. */
  started(): Promise<number>;
  /** Sends the next piece (the last one ends the answer). */
  sendNext(): void;
  close(): Promise<void>;
}

/** Cuts `html` after every match of `cut` (a global pattern) in its body. */
function piecesOf(html: string, cut: RegExp): string[] {
  const body = html.indexOf('<body');
  const ends = [...html.slice(body).matchAll(cut)].map((match) => body + match.index + match[0].length);
  return [...ends, html.length].map((end, index) => html.slice(index === 0 ? 0 : ends[index - 1], end)).filter(Boolean);
}

/** Starts a proxy to `target` that sends the page at `path` (with any query) cut after each match of `cut`. */
export async function startPieceProxy(target: string, path: string, cut: RegExp): Promise<PieceProxy> {
  const upstream = new URL(target);
  let pieces: string[] = [];
  let response: ServerResponse | null = null;
  let whenStarted: (count: number) => void = () => {};
  const started = new Promise<number>((resolve) => { whenStarted = resolve; });

  const server = createServer((req, res) => {
    const outgoing = forward({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...endToEnd(req.headers), 'accept-encoding': 'identity' } }, (answer) => {
      const isPage = new URL(req.url ?? '/', 'http://proxy.local').pathname === path && response === null;
      if (!isPage) {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        pieces = piecesOf(Buffer.concat(chunks).toString('utf8'), cut);
        response = res;
        // Sent in pieces as it is cut: its length is left to chunked encoding.
        const headers = endToEnd(answer.headers);
        delete headers['content-length'];
        res.writeHead(answer.statusCode ?? 200, headers);
        res.write(pieces.shift() ?? '');
        whenStarted(pieces.length + 1);
      });
    });
    outgoing.on('error', () => res.destroy());
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    // localhost as the pages are served, not 127.0.0.1: an IP address cannot be an RP ID, so the login page's passkey
    // request would end in SecurityError there, and the page rightly takes its passkey box away once loaded.
    base: `http://localhost:${(server.address() as AddressInfo).port}`,
    started: () => started,
    sendNext() {
      const piece = pieces.shift();
      if (piece === undefined) return;
      if (pieces.length === 0) response?.end(piece);
      else response?.write(piece);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
