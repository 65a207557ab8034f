import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator } from './create-emulator.ts';
import type { Emulator, EmulatorOptions } from './create-emulator.ts';

/** `form` encodes the body as a form; `body` sends raw text as it is (hostile payloads). */
interface RequestOptions {
  form?: boolean;
  headers?: Record<string, string>;
  body?: string;
}

/** A running emulator on an ephemeral port with a tiny client that keeps cookies, for tests. */
export interface TestEmulator {
  base: string;
  emulator: Emulator;
  /** Calls the emulator like a browser on the same origin (cookies, XSRF header). */
  request(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  // The caller names the shape it expects of a JSON answer.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  json<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

/** Starts an emulator on 127.0.0.1 with a free port (loopback: the inspection endpoints answer unless told otherwise). */
export async function startTestEmulator(options: Partial<EmulatorOptions> = {}): Promise<TestEmulator> {
  // The WebOTP host is this server's address, known once it listens; no request comes before.
  const mounted: { emulator?: Emulator } = {};
  const server = createServer((req, res) => {
    void mounted.emulator?.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end('not an emulator path');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const created = createEmulator({ inspection: true, webOtpHost: new URL(base).host, ...options });
  mounted.emulator = created;
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      cookies.set(name, value.join('='));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  async function request(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
    if (!cookies.has('XSRF-TOKEN')) remember(await fetch(`${base}/__emulator/outbox`));
    const headers: Record<string, string> = { cookie: cookieHeader(), 'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '', ...options.headers };
    let payload: string | undefined = options.body;
    if (body !== undefined) {
      payload = options.form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
      headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
    }
    const response = await fetch(`${base}${path}`, { method, headers, redirect: 'manual', ...(payload === undefined ? {} : { body: payload }) });
    remember(response);
    return response;
  }
  return {
    base,
    emulator: created,
    request,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- as above
    async json<T>(method: string, path: string, body?: unknown) {
      const response = await request(method, path, body);
      return { status: response.status, body: (await response.json()) as T };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
