import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { devServerAt, openLive, startDevServer } from '../../scripts/brand/dev-server.ts';
import type { DevServer } from '../../scripts/brand/dev-server.ts';

// A brand manager's loop in `npm run dev` (issue 25): an edit to a brand folder or a content file shows on
// the page that is open, without a restart. The dev server runs on temporary copies of brands/ and content/,
// which the tests edit as an editor would, and the page is never reloaded by the test: what it shows after an
// edit is what the dev server pushed. How fast is measured by `npm run bench:live-edit`, not here.

const root = join(import.meta.dirname, '../..');
const port = Number(process.env['E2E_DEV_PORT'] ?? Number(process.env['E2E_PORT'] ?? 4399) + 12);
/** A stand-in for another checkout's dev server (E2E_PORT + 36, tests/playwright.config.ts). */
const STAND_IN_PORT = Number(process.env['E2E_PORT'] ?? 4399) + 36;
/** Long enough for a loaded machine; the 2 s the issue asks for is the benchmark's figure. */
const SHOWS = { timeout: 15_000 };

let brands: string;
let content: string;
let server: DevServer;

test.describe.configure({ mode: 'serial' });
test.setTimeout(60_000);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  brands = mkdtempSync(join(tmpdir(), 'live-brands-'));
  content = mkdtempSync(join(tmpdir(), 'live-content-'));
  cpSync(join(root, 'brands'), brands, { recursive: true });
  cpSync(join(root, 'content'), content, { recursive: true });
  server = await startDevServer({
    port,
    env: { PORTAL_BRANDS_DIR: brands, PORTAL_CONTENT_DIR: content },
    readyPath: '/app/nxn/login?SMQUERYDATA=live',
  });
});

test.afterAll(async () => {
  await server.stop();
  rmSync(brands, { recursive: true, force: true });
  rmSync(content, { recursive: true, force: true });
});

/** Rewrites a file of the temporary folders in place, as an editor saves it. */
function edit(dir: string, file: string, change: (text: string) => string): void {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  expect(after, `the edit changes ${file}`).not.toBe(before);
  writeFileSync(path, after);
}

/** The page's primary colour token; empty while the page is between documents (the dev server reloads it). */
const primaryColour = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim()).catch(() => '');
const stillRunning = () => expect(server.process.exitCode, 'the dev server was not restarted').toBeNull();

test('an edited tagline shows on the open login page', async ({ page }) => {
  await openLive(page, `${server.base}/app/nxn/login?SMQUERYDATA=live`);
  await expect(page.getByTestId('tagline1')).toHaveText('Welcome to NXN Investor Services');
  edit(brands, 'nxn/brand.json', (text) => text.replace('"en-US": "Welcome to NXN Investor Services"', '"en-US": "Welcome back, investor"'));
  await expect(page.getByTestId('tagline1')).toHaveText('Welcome back, investor', SHOWS);
  stillRunning();
});

test('an edited brand colour shows on the open page', async ({ page }) => {
  await openLive(page, `${server.base}/app/nxn/login?SMQUERYDATA=live`);
  await expect.poll(() => primaryColour(page)).toBe('#0b3d6e');
  edit(brands, 'nxn/brand.json', (text) => text.replace('"primary": "#0b3d6e"', '"primary": "#8a0b2e"'));
  await expect.poll(() => primaryColour(page), SHOWS).toBe('#8a0b2e');
  const button = page.getByRole('button', { name: 'Log In' });
  await expect(button).toHaveCSS('background-color', 'rgb(138, 11, 46)');
  stillRunning();
});

test('a new logo, support text and content text show on the open pages', async ({ page }) => {
  await openLive(page, `${server.base}/app/harbor/systemRequirements`);
  // A new wordmark, in what the brand SVG allowlist takes (issue 35: a data-* attribute is refused like any other).
  edit(brands, 'harbor/logo.svg', (text) => text.replace('aria-label="Harbor"', 'aria-label="Harbor Live"').replace('>Harbor</text>', '>Harbor Live</text>'));
  const logo = page.locator('.site-header__logo svg[aria-label="Harbor Live"]');
  await expect(logo).toHaveCount(1, SHOWS);
  await expect(logo.locator('text')).toHaveText('Harbor Live');
  edit(brands, 'harbor/support.json', (text) => text.replace('"en-US": "Need help signing in?"', '"en-US": "Questions? We are here."'));
  // The dialog's content is in the page, closed, until the button opens it.
  await expect(page.locator('#support-dialog')).toContainText('Questions? We are here.', SHOWS);
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('dialog', { name: 'Questions? We are here.' })).toBeVisible();
  await page.keyboard.press('Escape');
  const heading = page.locator('.content-html h2').first();
  const before = await heading.textContent();
  edit(content, 'gateway/systemrequirements.json', (text) => text.replace(/<h2>[^<]*<\/h2>/, '<h2>Supported browsers, freshly edited</h2>'));
  await expect(heading).toHaveText('Supported browsers, freshly edited', SHOWS);
  expect(before).not.toBe('Supported browsers, freshly edited');
  stillRunning();
});

test('a misspelt key shows the error page naming file, key and line; fixing it brings the page back', async ({ page }) => {
  await openLive(page, `${server.base}/app/summit/login?SMQUERYDATA=live`);
  const good = readFileSync(join(brands, 'summit/brand.json'), 'utf8');
  edit(brands, 'summit/brand.json', (text) => text.replace('"heroText"', '"heroTextt"'));
  // Astro's error page: its heading, the message (one `file: path: message` line per problem), the place.
  await expect(page.locator('#message-content')).toContainText('brands/summit/brand.json: heroTextt: unknown key', SHOWS);
  await expect(page.locator('#title')).toHaveText('A brand or content file is broken');
  const line = good.split('\n').findIndex((text) => text.includes('"heroText"')) + 1;
  await expect(page.locator('#code')).toContainText(`summit/brand.json:${String(line)}:`);
  writeFileSync(join(brands, 'summit/brand.json'), good);
  await expect(page.getByTestId('tagline1')).toBeVisible(SHOWS);
  stillRunning();
});

test('invalid JSON in a content file names the file and its line; fixing it brings the page back', async ({ page }) => {
  await openLive(page, `${server.base}/app/nxn/cookiePolicy`);
  const good = readFileSync(join(content, 'gateway/cookiepolicy.json'), 'utf8');
  writeFileSync(join(content, 'gateway/cookiepolicy.json'), good.replace(/\}\s*$/, ',}'));
  await expect(page.locator('#message-content')).toContainText(/content\/gateway\/cookiepolicy\.json: \(root\): invalid JSON: .*\(line \d+ column \d+\)/, SHOWS);
  writeFileSync(join(content, 'gateway/cookiepolicy.json'), good);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SHOWS);
  await expect(page.locator('#message-content')).toHaveCount(0);
  stillRunning();
});

test('a brand folder added while the server runs serves its pages, and one removed is gone', async ({ page }) => {
  cpSync(join(brands, 'cwa'), join(brands, 'acme-live'), { recursive: true });
  edit(brands, 'acme-live/brand.json', (text) => text.replace(/"displayName": [^\n]*\n/, '"displayName": "Acme Live",\n'));
  await expect.poll(async () => (await page.request.get(`${server.base}/app/acme-live/login?SMQUERYDATA=live`)).status(), SHOWS).toBe(200);
  await openLive(page, `${server.base}/app/acme-live/login?SMQUERYDATA=live`);
  await expect(page).toHaveTitle(/Acme Live/);
  rmSync(join(brands, 'acme-live'), { recursive: true });
  await expect.poll(async () => (await page.request.get(`${server.base}/app/acme-live/login?SMQUERYDATA=live`)).status(), SHOWS).toBe(404);
  stillRunning();
});

/**
 * Runs `npm run brand:preview -- <args>` against the dev server on `previewPort`, printing only (no browser). Not
 * spawnSync: the stand-in server below answers from this process, which must keep running meanwhile.
 */
function preview(previewPort: number, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts/brand/preview.ts'), ...args], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORT: String(previewPort), BROWSER: 'none', PORTAL_BRANDS_DIR: brands },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

test('brand:preview uses the dev server of this checkout, and refuses another one answering on its port (issue 44)', async () => {
  expect(await devServerAt(server.base)).toBe('ours');
  // Another checkout's dev server: Vite serves no file outside its own project, so this one's package.json is not there.
  const elsewhere = mkdtempSync(join(tmpdir(), 'other-checkout-'));
  writeFileSync(join(elsewhere, 'package.json'), readFileSync(join(root, 'package.json'), 'utf8'));
  expect(await devServerAt(server.base, elsewhere)).toBe('other');
  rmSync(elsewhere, { recursive: true, force: true });
  const served = await preview(port, 'nxn');
  expect(served.status, served.stderr).toBe(0);
  expect(served.stdout).toContain(`The dev server already running on http://localhost:${String(port)} serves nxn:`);
  // A stand-in that answers everything, as a Vite server of another checkout answers /@vite/client.
  const standIn = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<body data-brand="nxn">'));
  await new Promise<void>((resolve) => standIn.listen(STAND_IN_PORT, 'localhost', resolve));
  try {
    const refused = await preview(STAND_IN_PORT, 'nxn');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`Something else answers on http://localhost:${String(STAND_IN_PORT)}: not the dev server of this checkout (${root}), perhaps another checkout's.\nStop it, or preview on a free port: PORT=${String(STAND_IN_PORT + 1)} npm run brand:preview -- nxn`);
    expect(refused.stdout).not.toContain('serves nxn');
  } finally {
    standIn.close();
  }
});

test('brand:preview names the pages that do not answer as the brand\'s instead of saying it serves them', async () => {
  // A brand folder the running server has not picked up yet, or whose pages fail: 404 in nxn's look.
  const whole = await preview(port, 'cwa');
  expect(whole.status, whole.stderr).toBe(0);
  cpSync(join(brands, 'cwa'), join(brands, 'zeta'), { recursive: true });
  writeFileSync(join(brands, 'zeta', 'brand.json'), '{ "wideLogin": "yes" }');
  try {
    const refused = await preview(port, 'zeta');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^The dev server on http://localhost:${String(port)} does not serve zeta's pages:\\n  http://localhost:${String(port)}/app/zeta/login\\?SMQUERYDATA=preview: 500`));
    expect(refused.stderr).toContain('npm run brand:check -- zeta names what is broken.');
    expect(refused.stdout).not.toContain('serves zeta');
  } finally {
    rmSync(join(brands, 'zeta'), { recursive: true, force: true });
  }
});
