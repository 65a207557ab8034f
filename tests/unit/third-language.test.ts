import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cannotStart } from '../hosts/hosts.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/browsers/chromium.ts';

// Issue 45: a third language, made from en-US in a copy of the project by exactly the steps of docs/languages.md
// (a translations folder, the content and brand texts, its tag in src/domain/languages.json: no TypeScript
// edit), offered by one brand (nxn, which offers every language), beside a brand that offers English only
// (solo). The copy is built and served by nginx with the shipped config and by Cloudflare Pages' runtime
// (wrangler pages dev), and by Netlify's (netlify dev --offline); the checks are what a visitor gets there. Ports
// (tests/hosts/hosts.ts, docs/testing.md): E2E_PORT + 45 nginx, HOSTS_PORT + 36 wrangler pages dev (+ 37 its
// inspector), HOSTS_PORT + 38 netlify dev (+ 39 its static server).

const root = join(import.meta.dirname, '../..');
const TAG = 'fr-FR';
const NGINX_PORT = Number(process.env['E2E_PORT'] ?? 4399) + 45;
const WRANGLER_PORT = Number(process.env['HOSTS_PORT'] ?? 4450) + 36;
const NETLIFY_PORT = Number(process.env['HOSTS_PORT'] ?? 4450) + 38;
let copy: string;
let out: string;
const children: ChildProcess[] = [];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Step 4 of the docs for a brand folder's file: beside each en-US text, the same text for the new language. */
function addLanguageTexts(value: Json): Json {
  if (Array.isArray(value)) return value.map(addLanguageTexts);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, child]): [string, Json] => [key, addLanguageTexts(child)]);
  const english = value['en-US'];
  return Object.fromEntries(typeof english === 'string' ? [...entries, [TAG, `[fr] ${english}`]] : entries);
}
const editJson = (file: string, edit: (value: Json) => Json) => writeFileSync(file, `${JSON.stringify(edit(JSON.parse(readFileSync(file, 'utf8')) as Json), null, 2)}\n`);

/** Polls an address until it answers (a server starting), at most `ms`. */
async function answering(url: string, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250)); // polling a starting server, not a fixed wait
    }
  }
}

beforeAll(async () => {
  mkdirSync(join(root, 'test-results'), { recursive: true });
  copy = mkdtempSync(join(root, 'test-results', 'third-language-'));
  // A copy of the project as a developer has it: its tracked files, the installed packages beside them.
  const files = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  for (const file of files) {
    if (existsSync(join(root, file))) cpSync(join(root, file), join(copy, file), { recursive: true });
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  // A repository of its own: netlify dev finds its edge functions' folder from the repository's root, which would
  // otherwise be this one's, around the copy.
  spawnSync('git', ['init', '--quiet'], { cwd: copy });

  // docs/languages.md, "Adding a language", step by step.
  // 1. The translations: a copy of src/i18n/locales/en-US/, every text translated (here: marked), its own name.
  cpSync(join(copy, 'src/i18n/locales/en-US'), join(copy, 'src/i18n/locales', TAG), { recursive: true });
  for (const name of readdirSync(join(copy, 'src/i18n/locales', TAG))) {
    editJson(join(copy, 'src/i18n/locales', TAG, name), (table) => Object.fromEntries(Object.entries(table as Record<string, string>).map(([key, text]) => [key, key === 'common.language.name' ? 'Français' : `[fr] ${text}`])));
  }
  // 2. Its tag in the one list.
  editJson(join(copy, 'src/domain/languages.json'), (list) => ({ ...(list as Record<string, Json>), languages: [...((list as { languages: string[] }).languages), TAG] }));
  // 3. Its content site: content/portal-<tag in lower case>/, a copy of content/gateway/ (not the ta- files) translated.
  mkdirSync(join(copy, 'content', `portal-${TAG.toLowerCase()}`));
  for (const name of readdirSync(join(copy, 'content/gateway')).filter((file) => !file.startsWith('ta-'))) {
    cpSync(join(copy, 'content/gateway', name), join(copy, 'content', `portal-${TAG.toLowerCase()}`, name));
  }
  // 4. The brand texts: each brand that offers it (every brand without a `languages` list) gets its text beside
  // the others, in _defaults too; a brand that does not offer it lists what it offers (solo: English only).
  for (const brand of ['_defaults', 'nxn']) {
    for (const name of ['brand.json', 'support.json']) {
      if (existsSync(join(copy, 'brands', brand, name))) editJson(join(copy, 'brands', brand, name), addLanguageTexts);
    }
  }
  cpSync(join(copy, 'brands/cwa'), join(copy, 'brands/solo'), { recursive: true });
  editJson(join(copy, 'brands/solo/brand.json'), (config) => ({ ...(config as Record<string, Json>), languages: ['en-US'] }));
  // 5. The editors' schemas and the check, then the build (of the brands that offer it and solo).
  const run = (args: string[], env: Record<string, string> = {}) => spawnSync(process.execPath, args, { cwd: copy, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env } });
  const schema = run(['scripts/brand/write-schemas.ts']);
  expect(schema.status, schema.stderr).toBe(0);
  const check = run(['scripts/brand/check-brands.ts', 'nxn', 'solo']);
  expect(check.status, check.stdout + check.stderr).toBe(0);
  out = join(copy, 'dist');
  const build = run(['scripts/deploy/build-brands.ts', 'nxn', 'solo']);
  expect(build.status, build.stdout + build.stderr).toBe(0);

  // A server left on one of these ports (a run stopped before its afterAll) would answer in place of this copy's
  // and the checks would read another build: seen after a stopped run, whose hosts outlived it.
  for (const port of [NGINX_PORT, WRANGLER_PORT, NETLIFY_PORT]) {
    const taken = await fetch(`http://127.0.0.1:${String(port)}/`, { redirect: 'manual' }).then(() => true, () => false);
    expect(taken, `port ${String(port)} is answering already (a server left by an earlier run?): stop it, or move E2E_PORT / HOSTS_PORT`).toBe(false);
  }
  const node = (args: string[]) => {
    // A process group of its own, stopped whole: netlify dev's Deno and wrangler's workerd outlive their parent.
    const child = spawn(process.execPath, args, { cwd: copy, stdio: 'ignore', detached: true, env: { ...process.env, HOME: process.env['HOME'] ?? '' } });
    children.push(child);
  };
  node(['scripts/deploy/run-nginx.ts', '--port', String(NGINX_PORT), '--dist', out, '--services', '127.0.0.1:9']);
  node(['scripts/deploy/serve-static-host.ts', 'cloudflare', '--port', String(WRANGLER_PORT), '--dist', out]);
  node(['scripts/deploy/serve-static-host.ts', 'netlify', '--port', String(NETLIFY_PORT), '--dist', out]);
  await Promise.all([NGINX_PORT, WRANGLER_PORT, NETLIFY_PORT].map((port) => answering(`http://127.0.0.1:${String(port)}/app/nxn/login`)));
}, 900_000);

afterAll(() => {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const skip = cannotStart('nginx') ?? cannotStart('cloudflare') ?? cannotStart('netlify');

/** A page's language and title as a visitor's browser shows them, and the language links it offers. */
async function visit(base: string, path: string, cookie?: string): Promise<{ status: number; url: string; lang: string; title: string; links: string[]; body: string }> {
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext();
    if (cookie) await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: cookie, url: base }]);
    const page = await context.newPage();
    const response = await page.goto(`${base}${path}`);
    await page.waitForLoadState('load');
    return {
      status: response?.status() ?? 0,
      url: page.url().slice(base.length),
      lang: await page.locator('html').getAttribute('lang') ?? '',
      title: await page.title(),
      links: await page.locator('.site-footer__languages a').evaluateAll((anchors) => anchors.map((anchor) => `${anchor.textContent ?? ''} ${anchor.getAttribute('href') ?? ''}`)),
      body: await page.locator('main').innerText(),
    };
  } finally {
    await browser.close();
  }
}

test.skipIf(skip !== undefined)('the built copy holds the new language\'s pages for nxn only, and none but English for solo', () => {
  expect(existsSync(join(out, TAG, 'app/nxn/login.html'))).toBe(true);
  expect(existsSync(join(out, TAG, 'self-service/nxn/fps.html'))).toBe(true);
  expect(existsSync(join(out, TAG, '404.html'))).toBe(true);
  expect(readFileSync(join(out, TAG, 'app/nxn/login.html'), 'utf8')).toMatch(new RegExp(`<html lang="${TAG}"`));
  expect(readdirSync(join(out, 'app'))).toContain('solo');
  for (const language of ['de-DE', TAG]) {
    expect(existsSync(join(out, language, 'app/solo')), language).toBe(false);
    expect(existsSync(join(out, language, 'app/solo.html')), language).toBe(false);
    expect(existsSync(join(out, language, 'self-service/solo')), language).toBe(false);
  }
  const nginxRoutes = readFileSync(join(`${out}-server`, '_nginx-routes.conf'), 'utf8');
  expect(nginxRoutes).toContain(`"~*^fr[-_]FR$" "/${TAG}";`);
  expect(readFileSync(join(out, '_redirects'), 'utf8')).toContain(`/${TAG}/`);
});

for (const [host, port] of [['nginx', NGINX_PORT], ['Cloudflare Pages (wrangler pages dev)', WRANGLER_PORT], ['Netlify (netlify dev)', NETLIFY_PORT]] as const) {
  test.skipIf(skip !== undefined)(`${host}: the new language's pages, not-found page, cookie and language links; solo stays English`, { timeout: 180_000 }, async () => {
    const base = `http://127.0.0.1:${String(port)}`;
    const french = await visit(base, `/${TAG}/app/nxn/login?SMQUERYDATA=x`);
    expect(french).toMatchObject({ status: 200, lang: TAG });
    expect(french.title).toContain('[fr]');
    // Each language's own name, to the same page in it (the login page, or the outage page it turns into: this copy
    // has no services behind it).
    expect(french.links.map((link) => link.replace(/\/app\/nxn\/\w+$/, ''))).toEqual(['English ', 'Deutsch /de-DE', `Français /${TAG}`]);
    // The cookie picks the language at the address without one (nginx by its map, the static host by the page's script).
    expect(await visit(base, '/app/nxn/login?SMQUERYDATA=x', 'fr_FR')).toMatchObject({ lang: TAG, url: expect.stringMatching(new RegExp(`^(/${TAG})?/app/nxn/\\w+(\\?.*)?$`)) as unknown });
    const notFound = await visit(base, `/${TAG}/app/nxn/no-such-page`);
    expect(notFound).toMatchObject({ status: 404, lang: TAG });
    expect(notFound.body).toContain('[fr] Page Not Found');
    // The short addresses keep the language.
    expect(await visit(base, `/${TAG}/nxn/fps`)).toMatchObject({ url: `/${TAG}/self-service/nxn/fps`, lang: TAG });
    // solo offers English only: no language links, a French or German cookie gives its English page, and its
    // addresses in the other languages are not found.
    const solo = await visit(base, '/app/solo/login?SMQUERYDATA=x', 'fr_FR');
    expect(solo).toMatchObject({ status: 200, lang: 'en-US', url: expect.stringMatching(/^\/app\/solo\/\w+(\?.*)?$/) as unknown, links: [] });
    expect(await visit(base, '/app/solo/login?SMQUERYDATA=x', 'de_DE')).toMatchObject({ lang: 'en-US', url: expect.stringMatching(/^\/app\/solo\/\w+(\?.*)?$/) as unknown });
    // Its not-found page is its own in English for a German cookie too, not the default brand's German one.
    const soloNotFound = await visit(base, '/app/solo/no-such-page', 'de_DE');
    expect(soloNotFound).toMatchObject({ status: 404, lang: 'en-US', body: expect.stringContaining('Page Not Found') as unknown });
    const selfServiceNotFound = await visit(base, '/self-service/solo/no-such-page');
    expect(selfServiceNotFound).toMatchObject({ status: 404, lang: 'en-US' });
    // An address of solo's in a language it lacks is not found, with solo's own not-found page in English (not the
    // default brand's in that language), where the visitor asked: the page of its English address (whose text names
    // the address asked for: compared without it). Soft: each address's answer is reported.
    const withoutAddresses = (body: string) => body.replace(/\/\S*/g, '/…');
    for (const language of [TAG, 'de-DE']) {
      for (const path of [`/${language}/app/solo/login`, `/${language}/app/solo/no-such-page`]) {
        const answer = await visit(base, path);
        expect.soft({ ...answer, body: withoutAddresses(answer.body) }, path).toMatchObject({ status: 404, url: path, lang: 'en-US', title: soloNotFound.title, body: withoutAddresses(soloNotFound.body) });
      }
      // No short address of solo's leads into that language: 404 where it was asked, with the not-found page of the
      // self-service pages it would have led to.
      for (const path of [`/${language}/solo/fps`, `/${language}/self-service/solo/a/fuid`]) {
        const answer = await visit(base, `${path}?x=1`);
        expect.soft({ ...answer, body: withoutAddresses(answer.body) }, path).toMatchObject({ status: 404, url: `${path}?x=1`, lang: 'en-US', title: selfServiceNotFound.title, body: withoutAddresses(selfServiceNotFound.body) });
      }
    }
    // Without a language the short address leads to solo's English page as before.
    expect(await visit(base, '/solo/fps')).toMatchObject({ url: '/self-service/solo/fps', lang: 'en-US' });
  });
}
