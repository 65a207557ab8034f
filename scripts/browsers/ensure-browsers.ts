// `npm test`'s pretest: get the browsers the tests need, so `npm install && npm test` works on a
// fresh machine. As root on Debian, Debian's packages through apt-get (this workplace cannot
// download Playwright's browsers); elsewhere Playwright's own Chromium, and a line saying that the
// Firefox and WebKit journeys need system packages. Says in one line what it installs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumExecutable } from './chromium.ts';
import { FIREFOX_PACKAGE, firefoxExecutable } from './firefox.ts';
import { WEBKIT_PACKAGES, webkitSetup } from './webkit.ts';

const ci = Boolean(process.env['CI']);
const hasChromium = Boolean(chromiumExecutable()) || existsSync(chromium.executablePath());
const wanted: string[] = [
  ...(hasChromium ? [] : ['chromium']),
  // The nginx smoke tests run where nginx is (always in CI).
  ...(existsSync(process.env['NGINX_PATH'] ?? '/usr/sbin/nginx') ? [] : ['nginx']),
  ...(firefoxExecutable() ? [] : [FIREFOX_PACKAGE]),
  ...('missing' in webkitSetup() ? WEBKIT_PACKAGES : []),
];
// Not a browser, but npm test's too: the W3C HTML checker (check:html) runs on Java 17 or later.
const JAVA_PACKAGE = 'default-jre-headless';
if (spawnSync('java', ['-version']).error) wanted.push(JAVA_PACKAGE);

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
}

const root = process.getuid?.() === 0;
const debian = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
if (wanted.length === 0) {
  // Everything is there: nothing to say.
} else if (root && debian) {
  console.log(`Installing Debian packages for the tests: ${wanted.join(' ')}`);
  if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...wanted])) {
    console.error(`apt-get could not install ${wanted.join(' ')}`);
    if (ci) process.exit(1);
  }
} else {
  if (!hasChromium) {
    console.log('Installing Playwright\'s Chromium for the end-to-end tests (npx playwright install chromium)');
    if (!run('npx', ['playwright', 'install', 'chromium']) && ci) process.exit(1);
  }
  if (wanted.includes(JAVA_PACKAGE)) console.log(`The W3C HTML checker (npm run check:html, part of npm test) needs Java 17 or later (${JAVA_PACKAGE} on Debian)`);
  const system = wanted.filter((name) => name !== 'chromium' && name !== 'nginx' && name !== JAVA_PACKAGE);
  if (system.length > 0) {
    console.log(`The Firefox and WebKit journeys need system packages (${system.join(' ')} on Debian); ${ci ? 'CI fails without them' : 'they are skipped until those are installed'}`);
  }
}
