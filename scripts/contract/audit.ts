// The end-to-end run's contract audit: with EMULATOR_CONTRACT_AUDIT naming a file, every call an emulator answers
// (the portal's requests and the emulator's answers) is checked against docs/api/openapi.json and one line per
// call is appended to that file; tests/contract-audit-report.ts counts them after the run and fails on a mismatch.
// Without the variable the emulator is returned as it is.
import { appendFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Emulator } from '../emulator/create-emulator.ts';
import { ContractValidator } from './conformance.ts';

/** The environment variable naming the audit file (JSON lines). */
export const CONTRACT_AUDIT_ENV = 'EMULATOR_CONTRACT_AUDIT';

/** One line of the audit file. */
export interface AuditLine {
  call: string;
  status: number;
  /** Whether the request broke the document (and was refused as it says). */
  refused: boolean;
  /** Where the request broke the document. */
  requestProblems: string[];
  /** Whether a browser page made the call: it sent `Sec-Fetch-Site`, which a test's own request client and Node's fetch never send. */
  fromPage: boolean;
  problems: string[];
  /** Milliseconds the audit added to this call: reading the body for the check, and the check itself. */
  ms: number;
}

/** Paths that are the emulator's own, not the services': inspection, and the chunks a simulated deploy removed. */
const EMULATOR_ONLY = /^\/(?:__emulator\/|_astro\/)/;

/** The request again, its body read once for the check and replayed for the emulator. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new PassThrough();
  copy.end(body);
  return Object.assign(copy, { headers: req.headers, rawHeaders: req.rawHeaders, method: req.method, url: req.url, socket: req.socket, httpVersion: req.httpVersion }) as unknown as IncomingMessage;
}

/** One validator per process: its compiled schemas serve every emulator the process runs. */
let shared: ContractValidator | undefined;

/** The emulator, its calls checked against the document when CONTRACT_AUDIT_ENV names a file. */
export function withContractAudit(emulator: Emulator, file: string | undefined = process.env[CONTRACT_AUDIT_ENV]): Emulator {
  if (!file) return emulator;
  if (!shared) {
    shared = new ContractValidator();
    shared.compileAll();
  }
  const validator = shared;
  return {
    get state() {
      return emulator.state;
    },
    reset: () => emulator.reset(),
    async handle(req: IncomingMessage, res: ServerResponse) {
      const started = performance.now();
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const requestBody = Buffer.concat(chunks);
      const reading = performance.now() - started;
      const answer: Buffer[] = [];
      const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
      const end = res.end.bind(res) as (...rest: unknown[]) => ServerResponse;
      const keep = (chunk: unknown) => {
        if (typeof chunk === 'string') answer.push(Buffer.from(chunk));
        else if (chunk instanceof Uint8Array) answer.push(Buffer.from(chunk));
      };
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk);
        return write(chunk, ...rest);
      }) as typeof res.write;
      // writeHead's own headers do not always reach getHeaders() (only once setHeader was called): keep them too.
      const written: Record<string, string | string[] | number> = {};
      const writeHead = res.writeHead.bind(res) as (...rest: unknown[]) => ServerResponse;
      res.writeHead = ((...args: unknown[]) => {
        const headers = args.find((arg, index): arg is Record<string, string | string[] | number> => index > 0 && typeof arg === 'object' && arg !== null && !Array.isArray(arg));
        for (const [key, value] of Object.entries(headers ?? {})) written[key.toLowerCase()] = value;
        return writeHead(...args);
      });
      res.end = ((...args: unknown[]) => {
        if (typeof args[0] !== 'function') keep(args[0]);
        return end(...args);
      }) as typeof res.end;
      const handled = await emulator.handle(replay(req, requestBody), res);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (handled && !EMULATOR_ONLY.test(path)) {
        const checking = performance.now();
        const verdict = validator.check({
          method: req.method ?? 'GET', url: req.url ?? '/', requestHeaders: req.headers, requestBody: requestBody.toString('utf8'),
          status: res.statusCode, responseHeaders: { ...res.getHeaders(), ...written }, responseBody: Buffer.concat(answer).toString('utf8'),
        });
        const line: AuditLine = {
          call: verdict.operation ?? `${req.method ?? 'GET'} ${path}`, status: res.statusCode, refused: verdict.requestProblems.length > 0,
          requestProblems: verdict.requestProblems, fromPage: req.headers['sec-fetch-site'] !== undefined, problems: verdict.problems,
          ms: Math.round((reading + performance.now() - checking) * 1000) / 1000,
        };
        // Synchronous and one short line per call: O_APPEND keeps lines of several processes whole, and the line is
        // written before the run's report can read the file.
        appendFileSync(file, `${JSON.stringify(line)}\n`);
      }
      return handled;
    },
  };
}

/**
 * The problems a page's request may have, as the page cannot know of them: an XSRF token the service replaced under
 * it (the page repeats the call once, design.md "Data flow"), and no session (the session cookie is HttpOnly: Your
 * passkeys asks, and a `401 NO_SESSION` sends the visitor to login).
 */
const PAGE_BLIND = /^(?:no \S+ header equal to the \S+ cookie|no session cookie)$/;

/**
 * Every mismatch of the audited calls, one line each (`call -> status: problem`): an answer the document does not
 * allow, a request the service accepted although the document refuses it, and a request a page made that breaks the
 * document. A test may send the service what it likes (its own request client or Node's fetch: no `Sec-Fetch-Site`) and the service
 * refuses it as the document says; the portal's own pages must send what the document asks, or the service would
 * refuse a real visitor. Only what a page cannot see is exempt (PAGE_BLIND).
 */
export function auditMismatches(lines: readonly AuditLine[]): string[] {
  return lines.flatMap((line) => [
    ...line.problems,
    ...(line.fromPage ? line.requestProblems.filter((problem) => !PAGE_BLIND.test(problem)).map((problem) => `the page sent a request the document refuses: ${problem}`) : []),
  ].map((problem) => `${line.call} -> ${String(line.status)}: ${problem}`));
}
