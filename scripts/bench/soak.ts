// `npm run bench:soak [-- --seconds N]` (or SOAK_SECONDS; at most 120, default 120): starts `npm start`'s
// server (scripts/server/start.ts) in a child process with --expose-gc on a free 127.0.0.1 port, then runs
// concurrent complete forgot-password flows of distinct users beside a hostile mix (unknown ids, malformed
// and deep bodies, bad escapes, wrong passwords), each visitor from its own loopback address so the rate
// limiter and the lockout meet many clients. Prints flows per second, p50/p99 latency, `5xx: N` and the
// server's heap after a forced collection before and after (GET /__emulator/heap, an emulator-only path).
// Exit code 1 unless 5xx: 0, no failed flow, no connection error, and the heap grew by at most 20 MB (and,
// in a full run, at least 20,000 hostile requests were sent). All traffic goes to 127.0.0.0/8 only.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { obfuscate } from '../../src/lib/obfuscation.ts';
import { PUBLIC_SERVICE_BASE } from '../../src/contract/service-paths.ts';
import { SITEMINDER_LOGIN_ACTION } from '../../src/contract/siteminder-paths.ts';

const MAX_SECONDS = 120;
const HEAP_BUDGET_BYTES = 20 * 1024 * 1024;
const FULL_RUN_HOSTILE_MINIMUM = 20_000;
const FLOW_CONCURRENCY = 8;
const HOSTILE_CONCURRENCY = 16;
/** Distinct users seeded for the flows; each is used by one flow at a time and a few times a run at most. */
const USERS = 6000;

function secondsWanted(): number {
  const flag = process.argv.indexOf('--seconds');
  const raw = flag === -1 ? process.env['SOAK_SECONDS'] : process.argv[flag + 1];
  const seconds = raw === undefined ? MAX_SECONDS : Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`--seconds must be a positive number, not ${String(raw)}`);
  return Math.min(seconds, MAX_SECONDS);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

interface Answer { status: number; headers: IncomingHttpHeaders; body: string; ms: number }

/** A loopback source address per visitor: 127.x.y.z with x in 1..254, never the server's own 127.0.0.1. */
function loopback(index: number): string {
  return `127.${1 + (Math.floor(index / 65_024) % 254)}.${Math.floor(index / 254) % 256}.${1 + (index % 254)}`;
}

const XSRF = 'soak-xsrf-token';

const counts = { requests: 0, hostile: 0, serverErrors: 0, connectionErrors: 0, flows: 0, failedFlows: 0 };
const latencies: number[] = [];
const failures = new Map<string, number>();

function noteFailure(what: string): void {
  failures.set(what, (failures.get(what) ?? 0) + 1);
}

interface SendOptions { from: string; body?: string; type?: string; cookie?: string; hostile?: boolean; measure?: boolean; agent?: Agent }

/** One HTTP request: on the given keep-alive agent, or on a connection of its own closed after it. */
function send(port: number, method: string, path: string, options: SendOptions): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = { ...(options.agent ? {} : { connection: 'close' }), cookie: `XSRF-TOKEN=${XSRF}${options.cookie ? `; ${options.cookie}` : ''}`, 'x-xsrf-token': XSRF };
  if (options.body !== undefined) {
    headers['content-type'] = options.type ?? 'application/json';
    headers['content-length'] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve) => {
    const outgoing = request({ host: '127.0.0.1', port, method, path, headers, localAddress: options.from, agent: options.agent ?? false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ms = performance.now() - started;
        const status = response.statusCode ?? 0;
        if (options.measure !== false) {
          counts.requests += 1;
          if (options.hostile) counts.hostile += 1;
          latencies.push(ms);
        }
        if (status >= 500) {
          counts.serverErrors += 1;
          noteFailure(`${status} ${method} ${path.slice(0, 80)}`);
        }
        resolve({ status, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), ms });
      });
    });
    outgoing.on('error', (error) => {
      counts.connectionErrors += 1;
      noteFailure(`connection ${error.message}`);
      resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started });
    });
    outgoing.end(options.body);
  });
}

const SERVICE = PUBLIC_SERVICE_BASE;

async function lastOutboxFor(port: number, to: string): Promise<{ code: string | null; text: string } | undefined> {
  const answer = await send(port, 'GET', `/__emulator/outbox?to=${encodeURIComponent(to)}`, { from: '127.0.0.1', measure: false });
  return (JSON.parse(answer.body) as { messages: Array<{ code: string | null; text: string }> }).messages.at(-1);
}

/** A complete forgot-password flow: page, channels, passcode, verify, temporary password, new password, login. */
async function flow(port: number, userId: string, visitor: number): Promise<boolean> {
  const from = loopback(visitor);
  const json = (path: string, body: unknown) => send(port, 'POST', `${SERVICE}${path}`, { from, body: JSON.stringify(body) });
  if ((await send(port, 'GET', '/self-service/nxn/fps', { from })).status !== 200) return fail('page');
  const auth = await json('/fps/auth', { userId, flow: 'FPS', devicePrint: 'fp_browser=soak' });
  if (auth.status !== 200) return fail(`auth ${auth.status}`);
  const { transactionId, sessionId, primaryEmail } = JSON.parse(auth.body) as { transactionId: string; sessionId: string; primaryEmail: string };
  const common = { channel: 'email', sessionId, transactionId, value: primaryEmail, flow: 'FPS', userId };
  const sent = await json('/fps/generate-otp', common);
  if (sent.status !== 200) return fail(`generate-otp ${sent.status}`);
  const email = `${userId}@example.com`;
  const code = (await lastOutboxFor(port, email))?.code ?? '';
  const verified = await json('/fps/verify-otp', { ...common, devicePrint: 'fp_browser=soak', otp: obfuscate(code) });
  if (verified.status !== 200 || !verified.body.includes('SUCCESS')) return fail(`verify-otp ${verified.status}`);
  const temporary = await json(`/fps/email/${encodeURIComponent(userId)}`, { transactionId });
  if (temporary.status !== 200) return fail(`fps/email ${temporary.status}`);
  const password = /temporary password is (\S+)\./.exec((await lastOutboxFor(port, email))?.text ?? '')?.[1] ?? '';
  const fresh = `Soak#${visitor}xY9`;
  const form = new URLSearchParams({ USERNAME: userId, PASSWORD: password, NEWPASSWORD: fresh, CONFIRMPASSWORD: fresh, wl: 'nxn' }).toString();
  const changed = await send(port, 'POST', '/pw/forms/smpwservices.fcc?TARGET=%2Fapps%2Fhome%3FfromPage%3DFPS', { from, body: form, type: 'application/x-www-form-urlencoded' });
  if (changed.status !== 302 || String(changed.headers.location).includes('SMPWERR')) return fail(`change ${String(changed.headers.location)}`);
  const login = new URLSearchParams({ USER: userId, PASSWRD: fresh, wl: 'nxn' }).toString();
  const signedIn = await send(port, 'POST', `${SITEMINDER_LOGIN_ACTION}?SMQUERYDATA=soak`, { from, body: login, type: 'application/x-www-form-urlencoded' });
  // A user without a passkey is offered one on the way to TARGET (design.md, "Passkeys"): either is a sign-in.
  if (!['/apps/home', '/app/nxn/passkey?TARGET=%2Fapps%2Fhome'].includes(String(signedIn.headers.location))) return fail(`login ${String(signedIn.headers.location)}`);
  return true;
}

function fail(step: string): false {
  noteFailure(`flow ${step}`);
  return false;
}

const random = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');
const deep = `{"statsType":"X","a":${'['.repeat(5000)}${']'.repeat(5000)}}`;

/** Hostile clients send this many requests over one connection, then come back from another address. */
const HOSTILE_BATCH = 10;

/** One hostile request of the mix; every batch comes from another loopback address. */
function hostile(port: number, index: number, agent?: Agent): Promise<Answer> {
  const from = loopback(100_000 + Math.floor(index / HOSTILE_BATCH));
  const options = { from, hostile: true, ...(agent ? { agent } : {}) };
  switch (index % 10) {
    case 0: return send(port, 'GET', `${SERVICE}/uti/${random(64 + (index % 512))}`, options);
    case 1: return send(port, 'POST', `${SERVICE}/fps/auth`, { ...options, body: JSON.stringify({ userId: `ghost${random(20)}`, flow: 'FPS', devicePrint: '' }) });
    case 2: return send(port, 'POST', `${SERVICE}/fps/auth`, { ...options, body: '{"userId": "jdoe", "flow": ' });
    case 3: return send(port, 'POST', '/nxn-service/public/clickMonitor', { ...options, body: deep });
    case 4: return send(port, 'POST', `${SERVICE}/fps/verify-otp`, { ...options, body: deep });
    case 5: return send(port, 'GET', `${SERVICE}/uti/%ZZ${random(8)}`, options);
    case 6: return send(port, 'GET', `${SERVICE}/uti/%E0%A4%A`, options);
    case 7: return send(port, 'POST', `${SERVICE}/fps/email/%ZZ`, { ...options, body: '{"transactionId":"x"}' });
    case 8: return send(port, 'POST', `${SITEMINDER_LOGIN_ACTION}?SMQUERYDATA=soak`, { ...options, body: `USER=${random(12)}&PASSWRD=wrong`, type: 'application/x-www-form-urlencoded' });
    default: return send(port, 'POST', `${SERVICE}/fps/generate-otp`, { ...options, body: JSON.stringify({ channel: 'email', sessionId: random(24), transactionId: random(24), value: 'abcZm9v', flow: 'FPS', userId: 'jdoe' }) });
  }
}

interface Heap { heapUsedBytes: number; forcedGc: boolean; users: number; transactions: number; rateLimiterKeys: number; outbox: number }

async function heap(port: number): Promise<Heap> {
  return JSON.parse((await send(port, 'GET', '/__emulator/heap', { from: '127.0.0.1', measure: false })).body) as Heap;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const seconds = secondsWanted();
  const port = await freePort();
  const root = join(import.meta.dirname, '../..');
  const server = spawn(process.execPath, ['--expose-gc', join(root, 'scripts/server/start.ts')], {
    cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ISOLATED_PORT: '' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Never left running: the whole bench is bounded (build, if dist/ is stale, plus the run and a margin).
  const hardStop = setTimeout(() => {
    console.error('bench:soak: time limit reached');
    server.kill('SIGKILL');
    process.exit(1);
  }, (seconds + 240) * 1000);
  try {
    const ready = Date.now();
    for (;;) {
      const answer = await send(port, 'GET', '/__emulator/heap', { from: '127.0.0.1', measure: false });
      if (answer.status === 200) break;
      if (Date.now() - ready > 200_000 || server.exitCode !== null) throw new Error('the server did not start');
      counts.connectionErrors = 0;
      failures.clear();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const seeded = await send(port, 'POST', '/__emulator/users', { from: '127.0.0.1', body: JSON.stringify({ prefix: 'soak', count: USERS }), measure: false });
    if (seeded.status !== 200) throw new Error(`POST /__emulator/users answered ${seeded.status}`);
    // A few flows and hostile requests first, so the "before" heap holds warmed-up code, not the first compile.
    let visitor = 0;
    let hostileIndex = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      await flow(port, `soak${USERS - 1 - visitor}`, 1_000_000 + visitor++);
      for (let index = 0; index < 20; index += 1) await hostile(port, hostileIndex++);
    }));
    const before = await heap(port);
    Object.assign(counts, { requests: 0, hostile: 0, flows: 0, failedFlows: 0, serverErrors: 0, connectionErrors: 0 });
    latencies.length = 0;
    failures.clear();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    let nextUser = 0;
    const flowWorkers = Array.from({ length: FLOW_CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        // Distinct users at any moment, each reused only after all the others (a few flows per user a run).
        const userId = `soak${nextUser++ % (USERS - 8)}`;
        const ok = await flow(port, userId, visitor++);
        counts.flows += 1;
        if (!ok) counts.failedFlows += 1;
      }
    });
    const hostileWorkers = Array.from({ length: HOSTILE_CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        const batch = Math.ceil((hostileIndex + 1) / HOSTILE_BATCH) * HOSTILE_BATCH;
        hostileIndex = batch;
        for (let index = batch; index < batch + HOSTILE_BATCH && performance.now() < deadline; index += 1) await hostile(port, index, agent);
        agent.destroy();
      }
    });
    await Promise.all([...flowWorkers, ...hostileWorkers]);
    const elapsed = (performance.now() - started) / 1000;
    const after = await heap(port);
    const sorted = latencies.sort((a, b) => a - b);
    const growth = after.heapUsedBytes - before.heapUsedBytes;
    console.log(`bench:soak ${elapsed.toFixed(1)} s against 127.0.0.1:${port}, ${FLOW_CONCURRENCY} flow and ${HOSTILE_CONCURRENCY} hostile clients`);
    console.log(`flows: ${counts.flows} (${counts.failedFlows} failed), ${(counts.flows / elapsed).toFixed(1)} flows/s`);
    console.log(`requests: ${counts.requests} (${counts.hostile} hostile), ${(counts.requests / elapsed).toFixed(0)} req/s`);
    console.log(`latency p50: ${percentile(sorted, 50).toFixed(1)} ms, p99: ${percentile(sorted, 99).toFixed(1)} ms`);
    console.log(`5xx: ${counts.serverErrors}`);
    console.log(`connection errors: ${counts.connectionErrors}`);
    console.log(`heap after forced GC: before ${mb(before.heapUsedBytes)}, after ${mb(after.heapUsedBytes)}, growth ${mb(growth)} (budget ${mb(HEAP_BUDGET_BYTES)})${after.forcedGc ? '' : ' [no --expose-gc: not a forced GC]'}`);
    console.log(`held after: ${after.transactions} transactions, ${after.rateLimiterKeys} rate-limiter keys (at most 10,000), ${after.outbox} outbox messages, ${after.users} users`);
    for (const [what, count] of failures) console.log(`  ${count} x ${what}`);
    const problems = [
      counts.serverErrors > 0 ? `5xx: ${counts.serverErrors}` : '',
      counts.failedFlows > 0 ? `${counts.failedFlows} flows failed` : '',
      counts.connectionErrors > 0 ? `${counts.connectionErrors} connection errors` : '',
      growth > HEAP_BUDGET_BYTES ? `heap grew ${mb(growth)}` : '',
      !after.forcedGc ? 'no forced GC' : '',
      seconds >= MAX_SECONDS && counts.hostile < FULL_RUN_HOSTILE_MINIMUM ? `only ${counts.hostile} hostile requests` : '',
    ].filter(Boolean);
    console.log(problems.length === 0 ? 'budget: OK' : `budget: FAILED (${problems.join(', ')})`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    clearTimeout(hardStop);
    server.kill('SIGTERM');
  }
}

process.exitCode = await main();
