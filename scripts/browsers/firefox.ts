import { existsSync } from 'node:fs';

/** Debian's Firefox ESR (driven over WebDriver BiDi by puppeteer-core), or FIREFOX_PATH when set. */
export function firefoxExecutable(): string | undefined {
  const override = process.env['FIREFOX_PATH'];
  if (override) return existsSync(override) ? override : undefined;
  return ['/usr/bin/firefox-esr', '/usr/bin/firefox'].find((path) => existsSync(path));
}

/** Preferences for a closed network: nothing phones home, nothing updates, nothing asks. */
export const FIREFOX_PREFS: Readonly<Record<string, unknown>> = {
  'app.update.enabled': false,
  'app.normandy.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'extensions.update.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
  'toolkit.telemetry.enabled': false,
};

/** The Debian package that provides it, for the messages that say what to install. */
export const FIREFOX_PACKAGE = 'firefox-esr';
