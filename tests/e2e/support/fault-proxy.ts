import { createServer, request as forward } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does to one call instead of passing it on:
 * - `reset`: the connection is reset (TCP RST) as the request arrives; the service never sees it.
 * - `stall`: the request goes to the service, its status, headers and the first part of its body come back,
 *   then nothing more, as a service or proxy that hangs mid-answer.
 * - `server-error`: 502 with an HTML body, as a gateway in front of a dead service answers.
 * - `garbage`: 200 with a body that is not JSON.
 */
export type Fault = 'reset' | 'stall' | 'server-error' | 'garbage';

/** A real HTTP proxy on 127.0.0.1 in front of the served portal that breaks chosen calls, once each. */
export interface FaultProxy {
  /** The proxy's origin; pages opened here reach the portal through it. */
  base: string;
  /**
   * Breaks every request whose method and path match (the path without its query) until `heal`: a browser
   * retries a request once, unseen, when a reused connection is reset, so a one-off reset would not show.
   */
  fail(method: 'GET' | 'POST', path: RegExp, fault: Fault): void;
  /** Passes every request on again. */
  heal(): void;
  /** Resolves when a stalled answer has sent its headers and the first part of its body. */
  stalled(): Promise<void>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** The headers a proxy passes on: all but the hop-by-hop ones. */
export function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

/** Starts a fault proxy forwarding to `target` (an http://127.0.0.1:port origin). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const faults: Array<{ method: string; path: RegExp; fault: Fault }> = [];
  const held: ServerResponse[] = [];
  let stallWaiters: Array<() => void> = [];

  const pass = (req: IncomingMessage, res: ServerResponse, onAnswer?: (answer: IncomingMessage) => void) => {
    const outgoing = forward({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: endToEnd(req.headers) }, (answer) => {
      if (onAnswer) onAnswer(answer);
      else {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      }
    });
    outgoing.on('error', () => res.destroy());
    req.pipe(outgoing);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://proxy.local').pathname;
    const fault = faults.find((entry) => entry.method === req.method && entry.path.test(path))?.fault;
    if (fault === 'reset') req.socket.resetAndDestroy();
    else if (fault === 'server-error') res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad Gateway</body></html>');
    else if (fault === 'garbage') res.writeHead(200, { 'content-type': 'application/json' }).end('{"userId": tru');
    else if (fault === 'stall') {
      pass(req, res, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          res.writeHead(answer.statusCode ?? 200, { ...endToEnd(answer.headers), 'content-length': String(body.length) });
          res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))), () => {
            held.push(res);
            for (const resolve of stallWaiters) resolve();
            stallWaiters = [];
          });
        });
      });
    } else pass(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fail(method, path, fault) {
      faults.push({ method, path, fault });
    },
    heal() {
      faults.length = 0;
    },
    stalled: () => new Promise<void>((resolve) => stallWaiters.push(resolve)),
    close: () => new Promise<void>((resolve) => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
