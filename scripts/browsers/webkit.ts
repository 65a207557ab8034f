import { existsSync } from 'node:fs';

const MULTIARCH = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';

/**
 * WebKitGTK from Debian's webkit2gtk-driver: WebKitWebDriver drives MiniBrowser (the engine of
 * Safari, in GTK). MiniBrowser has no headless mode, so it needs an X display: xvfb-run gives one
 * where DISPLAY is unset. Paths can be overridden for other layouts.
 */
export interface WebKitSetup { driver: string; browser: string; xvfbRun: string | undefined }

export function webkitSetup(): { setup: WebKitSetup } | { missing: string } {
  const driver = process.env['WEBKIT_DRIVER_PATH'] ?? '/usr/bin/WebKitWebDriver';
  const browser = process.env['MINIBROWSER_PATH'] ?? `/usr/lib/${MULTIARCH}/webkit2gtk-4.1/MiniBrowser`;
  const xvfbRun = existsSync('/usr/bin/xvfb-run') ? '/usr/bin/xvfb-run' : undefined;
  if (!existsSync(driver)) return { missing: `WebKitWebDriver not found at ${driver}` };
  if (!existsSync(browser)) return { missing: `MiniBrowser not found at ${browser}` };
  if (!process.env['DISPLAY'] && !xvfbRun) return { missing: 'no X display and no xvfb-run' };
  return { setup: { driver, browser, xvfbRun } };
}

/** The Debian packages that provide it. */
export const WEBKIT_PACKAGES = ['webkit2gtk-driver', 'xvfb', 'xauth'] as const;
