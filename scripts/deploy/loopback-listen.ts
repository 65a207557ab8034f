// Preloaded into `netlify dev` (node --import) by serve-static-host.ts: netlify dev has no option for its listen
// address and listens on every interface (issue 40), which would put the portal, the service paths and whatever
// they reach on the network. This makes the one server listening on PORTAL_LOOPBACK_PORT without an address
// listen on 127.0.0.1; nothing else changes.
import { Server } from 'node:net';
import type { ListenOptions } from 'node:net';

const port = Number(process.env['PORTAL_LOOPBACK_PORT']);
// Kept to call with the server as `this`, as Node does (apply below).
// eslint-disable-next-line @typescript-eslint/unbound-method
const listen = Server.prototype.listen;
Server.prototype.listen = function loopbackListen(this: Server, ...args: unknown[]): Server {
  const [first] = args;
  const options = typeof first === 'object' && first !== null ? (first as ListenOptions) : undefined;
  if (options?.port === port && options.host === undefined && options.path === undefined) args[0] = { ...options, host: '127.0.0.1' };
  else if (first === port && (args.length === 1 || typeof args[1] === 'function')) args.splice(1, 0, '127.0.0.1');
  return (listen as (...parameters: unknown[]) => Server).apply(this, args);
} as typeof Server.prototype.listen;
