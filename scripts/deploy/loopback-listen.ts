// Preloaded into `netlify dev` (node --import) by serve-static-host.ts: netlify dev has no option for its listen
// address and listens on every interface (issue 40), which would put the portal, the service paths and whatever
// they reach on the network. This makes the one server listening on PORTAL_LOOPBACK_PORT without an address
// listen on 127.0.0.1. And it keeps netlify dev on this machine: a name other than a loopback one or the services'
// host (PORTAL_LOOPBACK_HOSTS) resolves to nothing, so no request leaves (netlify dev's edge bundler asks
// edge.netlify.com for its types' version at every start, whatever --offline says, and has no setting to stop it).
import dns from 'node:dns';
import { Server } from 'node:net';
import type { ListenOptions } from 'node:net';

const allowed = new Set(['localhost', ...(process.env['PORTAL_LOOPBACK_HOSTS'] ?? '').split(',').filter(Boolean)]);
const local = (hostname: string) => allowed.has(hostname) || hostname.endsWith('.localhost') || /^(?:127\.\d+\.\d+\.\d+|::1|\[::1\])$/.test(hostname);
// Kept to call with dns as `this`, as Node does.
const lookup = dns.lookup;
dns.lookup = function loopbackLookup(hostname: string, ...rest: unknown[]): void {
  if (local(hostname)) {
    (lookup as (...parameters: unknown[]) => void).call(dns, hostname, ...rest);
    return;
  }
  const callback = rest.at(-1) as (error: NodeJS.ErrnoException) => void;
  const error: NodeJS.ErrnoException = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (netlify dev stays on this machine)`), { code: 'ENOTFOUND', hostname });
  process.nextTick(() => { callback(error); });
} as typeof dns.lookup;

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
