import { existsSync } from 'node:fs';

/**
 * Debian's Chromium when present (this workplace cannot download Playwright's browsers), an
 * explicit CHROMIUM_PATH when set, and Playwright's own browser elsewhere.
 */
export function chromiumExecutable(): string | undefined {
  const override = process.env['CHROMIUM_PATH'];
  if (override) return override;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Flags for a closed network and for running as root. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-gpu',
];
