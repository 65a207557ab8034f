// Starts and stops `astro dev` (with the emulator mounted) for the brand manager's preview, the live-edit
// benchmark and the dev-server tests.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, languagePrefix } from '../../src/domain/languages.ts';
import type { Language } from '../../src/domain/languages.ts';


const root = join(import.meta.dirname, '../..');

/** The page types of a brand, by path after `/app/<wl>` or `/self-service/<wl>`. */
const BRAND_PAGES = [
  ['Login', '/app/{wl}/login?SMQUERYDATA=preview'],
  ['Outage', '/app/{wl}/sorry'],
  ['Logged out', '/app/{wl}/logout'],
  ['System requirements', '/app/{wl}/systemRequirements'],
  ['Cookie policy', '/app/{wl}/cookiePolicy'],
  ['Forgot password', '/self-service/{wl}/fps'],
  ['Forgot user id', '/self-service/{wl}/fuid'],
] as const;

/** A brand's page URLs in every language on `base`, in the list's order (the default first). */
export function brandPageUrls(base: string, wl: string): Array<{ name: string; language: Language; url: string }> {
  return LANGUAGES.flatMap((language) => BRAND_PAGES.map(([name, path]) => ({
    name, language, url: `${base}${languagePrefix(language)}${path.replace('{wl}', wl)}`,
  })));
}

/**
 * Who answers on `base`: nobody, an `astro dev` of this checkout (`root`), or another server (another checkout's dev
 * server, anything else). Vite serves a file by its absolute path (`/@fs/…`) only inside its own project, so this
 * checkout's package.json comes back, byte for byte, from this checkout's server alone.
 */
export async function devServerAt(base: string, checkout: string = root): Promise<'none' | 'ours' | 'other'> {
  try {
    const response = await fetch(`${base}/@fs${checkout.replace(/\\/g, '/')}/package.json`, { signal: AbortSignal.timeout(5_000) });
    const body = await response.text();
    return response.ok && body === readFileSync(join(checkout, 'package.json'), 'utf8') ? 'ours' : 'other';
  } catch {
    return 'none';
  }
}

/**
 * Opens `url` and waits until the page's dev-server client is connected: a reload the server pushes before
 * then would be missed, and the page would keep what it showed.
 */
export async function openLive(page: Page, url: string): Promise<void> {
  const connected = page.waitForEvent('console', { predicate: (message) => message.text().includes('[vite] connected'), timeout: 30_000 });
  await page.goto(url);
  await connected;
}

export interface DevServer {
  base: string;
  process: ChildProcess;
  /** Ends the server (its whole process group) and waits for it. */
  stop(): Promise<void>;
}

export interface DevServerOptions {
  port: number;
  /** Extra environment: PORTAL_BRANDS_DIR, PORTAL_CONTENT_DIR, BRANDS. */
  env?: Record<string, string>;
  /** Where its output goes: the caller's terminal, or kept back (tests keep their own output clean) and shown only when it fails to start. */
  output?: 'inherit' | 'pipe';
  /** A page that must answer before the server counts as ready. */
  readyPath?: string;
  timeoutMs?: number;
}

/** Starts `astro dev` on `port` and resolves once `readyPath` answers. */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const base = `http://localhost:${String(options.port)}`;
  const child = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(options.port)], {
    cwd: root,
    // Vitest's and Playwright's own variables would put Astro in test mode.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST'))), ...options.env },
    stdio: ['ignore', options.output ?? 'pipe', options.output ?? 'pipe'],
    // Its own process group, so stop() ends whatever it started too.
    detached: true,
  });
  // The last of what it printed, for the error when it does not start.
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await exited;
    }
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const ready = `${base}${options.readyPath ?? '/@vite/client'}`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`astro dev stopped (exit ${String(child.exitCode)}) before ${ready} answered:\n${printed}`);
    try {
      const response = await fetch(ready, { signal: AbortSignal.timeout(30_000) });
      if (response.status < 500) return { base, process: child, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`astro dev did not answer ${ready} in time:\n${printed}`);
}
