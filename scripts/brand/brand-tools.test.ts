import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ELEMENT_NODE, parse, TEXT_NODE } from 'ultrahtml';
import type { ElementNode, Node } from 'ultrahtml';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { formatProblem } from '../../src/config/config-errors.ts';
import { checkBrands } from './check-brands.ts';
import { createBrand } from './new-brand.ts';
import { loadBrands } from '../../src/config/load-brands.ts';
import { missingContentFiles } from '../../src/config/content-files.ts';
import { missingTranslations } from '../../src/i18n/locale-files.ts';

const root = join(import.meta.dirname, '../..');
const content = join(root, 'content');
let brands: string;

beforeEach(() => {
  brands = mkdtempSync(join(tmpdir(), 'brand-tools-'));
  cpSync(join(root, 'brands'), brands, { recursive: true });
});
afterEach(() => rmSync(brands, { recursive: true, force: true }));

const lines = (only: string[]) => checkBrands(brands, content, only, () => undefined).map(formatProblem);

test('the scaffold makes a brand that passes the check and builds', { timeout: 120_000 }, () => {
  expect(createBrand(brands, 'acme-capital', 'Acme Capital')).toMatchObject({ ok: true });
  expect(lines(['acme-capital'])).toEqual([]);
  // A bank's own claim replaces the shared one; the others stay (issue 44).
  const config = join(brands, 'acme-capital', 'brand.json');
  writeFileSync(config, JSON.stringify({ ...JSON.parse(readFileSync(config, 'utf8')) as object, features: { secure: { 'en-US': 'Guarded by Acme Capital', 'de-DE': 'Geschützt von Acme Capital' } } }));
  const out = mkdtempSync(join(tmpdir(), 'brand-tools-dist-'));
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', out], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORTAL_BRANDS_DIR: brands, BRANDS: 'acme-capital' },
  });
  const claims = (file: string) => [...readFileSync(join(out, file), 'utf8').matchAll(/<li class="features__item"[^>]*>.*?<span[^>]*>([^<]*)<\/span>/gs)].map((match) => match[1]);
  const pages = build.status === 0 ? [claims('app/acme-capital/login.html'), claims('de-DE/app/acme-capital/login.html')] : [];
  rmSync(out, { recursive: true, force: true });
  expect(build.status, build.stderr).toBe(0);
  expect(pages).toEqual([
    ['Guarded by Acme Capital', 'Statements and balances, any time of day', 'Works on your phone, tablet and computer'],
    ['Geschützt von Acme Capital', 'Kontoauszüge und Salden rund um die Uhr', 'Auf Smartphone, Tablet und Computer nutzbar'],
  ]);
});

test('the scaffold refuses an existing or invalid key', () => {
  expect(createBrand(brands, 'nxn', 'x')).toEqual({ ok: false, error: 'brands/nxn already exists' });
  expect(createBrand(brands, 'pmg', 'x')).toEqual({ ok: false, error: '"pmg" is reserved (/app/pmg is a service path the hosts send to portal-login-service and SiteMinder): choose another key' });
  expect(createBrand(brands, 'Bad_Key', 'x')).toEqual({ ok: false, error: '"Bad_Key" is not a valid brand key: use lowercase letters, digits and hyphens (at most 40)' });
});

test('the check names each kind of brand problem with its exact line', () => {
  writeFileSync(join(brands, 'cwa', 'brand.json'), JSON.stringify({ displayName: { 'en-US': 'CWA' }, colour: 1, colors: { header: '#2e1029', onHeader: '#ffffff' } }));
  writeFileSync(join(brands, 'summit', 'brand.json'), JSON.stringify({ colors: { onPrimary: '#ffffff', primary: '#ffcc00' } }));
  writeFileSync(join(brands, 'harbor', 'brand.json'), JSON.stringify({
    displayName: 'Harbor', linkConfig: { links: [{ label: 'Help', href: '/app/harbor/help' }] },
    cookiePolicyConfig: { activateCookiePolicyRoute: true, apiEndpointEMEA: 'nope' },
  }));
  rmSync(join(brands, 'nxn', 'logo.svg'));
  expect(lines(['cwa', 'summit', 'harbor', 'nxn'])).toEqual([
    'brands/cwa/brand.json: displayName: no text for de-DE, which this brand offers (languages: en-US, de-DE): add "de-DE" or give one text for every language',
    'brands/cwa/brand.json: colour: unknown key',
    'brands/summit/brand.json: colors.onPrimary on colors.primary: contrast 1.51:1 is below WCAG AA 4.5:1: change colors.onPrimary (text on buttons and on the selected tab) or colors.primary (buttons, the selected tab and the steps of the recovery pages; primary-coloured text on cards) in brand.json',
    'brands/summit/brand.json: colors.primary on colors.surface: contrast 1.51:1 is below WCAG AA 4.5:1: change colors.primary (buttons, the selected tab and the steps of the recovery pages; primary-coloured text on cards) or colors.surface (cards, dialogs and the cookie bar, and the inner tone of the focus ring) in brand.json',
    'brands/harbor/brand.json: cookiePolicyConfig.apiEndpointEMEA: content/gateway/nope.json does not exist',
    'brands/harbor/brand.json: linkConfig.links[0].href: broken link: no page /app/harbor/help',
    'brands/nxn/brand.json: logo: file "logo.svg" not found in brands/nxn/: add it, or name the file that is there',
  ]);
});

test('a brand whose key the hosts route elsewhere is refused by the check and by the build, with the reason', { timeout: 120_000 }, () => {
  const reserved = ['pmg', 'login', 'apps', 'pw', 'app', 'self-service', 'portal-login-service', 'nxn-service'];
  for (const key of reserved) cpSync(join(brands, 'cwa'), join(brands, key), { recursive: true });
  expect(lines(reserved)).toEqual([
    'brands/pmg: (folder): brand key "pmg" is reserved: /app/pmg is a service path the hosts send to portal-login-service and SiteMinder, so this brand\'s pages would not be its own; choose another key',
    'brands/login: (folder): brand key "login" is reserved: /login is a service path the hosts send to portal-login-service and SiteMinder, so this brand\'s pages would not be its own; choose another key',
    'brands/apps: (folder): brand key "apps" is reserved: /apps is a service path the hosts send to portal-login-service and SiteMinder, so this brand\'s pages would not be its own; choose another key',
    'brands/pw: (folder): brand key "pw" is reserved: /pw is a service path the hosts send to portal-login-service and SiteMinder, so this brand\'s pages would not be its own; choose another key',
    'brands/app: (folder): brand key "app" is reserved: /app is a folder of the site itself, so this brand\'s pages would not be its own; choose another key',
    'brands/self-service: (folder): brand key "self-service" is reserved: /self-service is a folder of the site itself, so this brand\'s pages would not be its own; choose another key',
    'brands/portal-login-service: (folder): brand key "portal-login-service" is reserved: /portal-login-service is a service path the hosts send to portal-login-service and SiteMinder, so this brand\'s pages would not be its own; choose another key',
    'brands/nxn-service: (folder): brand key "nxn-service" is reserved: /nxn-service is a service path the hosts send to portal-login-service and SiteMinder, so this brand\'s pages would not be its own; choose another key',
  ]);
  // A key next to a reserved one is a brand like any other.
  cpSync(join(brands, 'cwa'), join(brands, 'pmg2'), { recursive: true });
  expect(lines(['pmg2'])).toEqual([]);
  const out = mkdtempSync(join(tmpdir(), 'brand-tools-dist-'));
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', out], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORTAL_BRANDS_DIR: brands, BRANDS: 'nxn,pmg' },
  });
  rmSync(out, { recursive: true, force: true });
  expect(build.status).not.toBe(0);
  expect(`${build.stdout}${build.stderr}`).toContain('brands/pmg: (folder): brand key "pmg" is reserved: /app/pmg is a service path');
});

test('the build refuses a brand whose colours fail, as brand:check does, in a few lines naming the setting to change (issue 44)', { timeout: 120_000 }, () => {
  const file = join(brands, 'cwa', 'brand.json');
  const brand = JSON.parse(readFileSync(file, 'utf8')) as { colors: Record<string, string> };
  writeFileSync(file, JSON.stringify({ ...brand, colors: { ...brand.colors, link: '#999999' } }));
  const expected = [
    'brands/cwa/brand.json: colors.link on colors.surface: contrast 2.85:1 is below WCAG AA 4.5:1: change colors.link (links on the page and on cards) or colors.surface (cards, dialogs and the cookie bar, and the inner tone of the focus ring) in brand.json',
    'brands/cwa/brand.json: colors.link on colors.background: contrast 2.57:1 is below WCAG AA 4.5:1: change colors.link (links on the page and on cards) or colors.background (the page behind the cards) in brand.json',
  ];
  expect(lines(['cwa'])).toEqual(expected);
  const out = mkdtempSync(join(tmpdir(), 'brand-tools-dist-'));
  const build = spawnSync(process.execPath, [join(root, 'scripts/deploy/build-brands.ts'), '--out', out, 'cwa'], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORTAL_BRANDS_DIR: brands },
  });
  rmSync(out, { recursive: true, force: true });
  expect(build.status).toBe(1);
  expect(`${build.stdout}${build.stderr}`.trim().split('\n')).toEqual([
    ...expected,
    'the build of cwa stopped: 2 problem(s) above; fix them and build again (npm run brand:check -- <wl> checks without building)',
  ]);
});

test('the scaffold keeps the brand\'s name as typed, in brand.json and in the logo (issue 44)', () => {
  for (const [key, name] of [['hauck', 'Hauck & Aufhäuser Bank'], ['quoted', 'O\'Brien "Nord" <Süd> Bank']] as const) {
    expect(createBrand(brands, key, name)).toMatchObject({ ok: true });
    expect(lines([key])).toEqual([]);
    const [brand] = loadBrands(brands, [key]);
    expect(brand?.config.displayName).toEqual({ 'en-US': name, 'de-DE': name });
    expect(brand?.config.heroText.tagline1).toEqual({ 'en-US': `Welcome to ${name}`, 'de-DE': `Willkommen bei ${name}` });
    // The logo shows the name and says it to a screen reader, as typed.
    const svg = (parse(brand?.logoSvg ?? '') as { children: Node[] }).children.find((node): node is ElementNode => node.type === ELEMENT_NODE);
    const text = svg?.children.find((node): node is ElementNode => node.type === ELEMENT_NODE && node.name === 'text');
    // ultrahtml gives attributes and text as written: the browser reads them through the five XML escapes.
    const read = (written = '') => written.replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
    expect(read(svg?.attributes['aria-label'])).toBe(name);
    expect(read(text?.children.map((node) => (node.type === TEXT_NODE ? node.value : '')).join(''))).toBe(name);
  }
});

test('a brand offers the languages its folder names: each of its texts needs those only, and the default language is required (issue 45)', () => {
  const config = join(brands, 'cwa', 'brand.json');
  const cwa = JSON.parse(readFileSync(config, 'utf8')) as Record<string, unknown>;
  // English only: an English text is enough everywhere, in brand.json and support.json.
  writeFileSync(config, JSON.stringify({ ...cwa, languages: ['en-US'], displayName: { 'en-US': 'CWA' } }));
  writeFileSync(join(brands, 'cwa', 'support.json'), JSON.stringify({ title: { 'en-US': 'Help' }, paragraphs: ['Call us'] }));
  expect(lines(['cwa'])).toEqual([]);
  expect(loadBrands(brands, ['cwa'])[0]?.config.languages).toEqual(['en-US']);
  // Both languages (the default): every text names both, each missing one named with its file and key.
  writeFileSync(config, JSON.stringify({ ...cwa, displayName: { 'en-US': 'CWA' } }));
  expect(lines(['cwa'])).toEqual([
    'brands/cwa/brand.json: displayName: no text for de-DE, which this brand offers (languages: en-US, de-DE): add "de-DE" or give one text for every language',
    'brands/cwa/support.json: title: no text for de-DE, which this brand offers (languages: en-US, de-DE): add "de-DE" or give one text for every language',
  ]);
  writeFileSync(join(brands, 'cwa', 'support.json'), JSON.stringify({ title: 'Help', paragraphs: ['Call us'] }));
  writeFileSync(config, JSON.stringify({ ...cwa, languages: ['de-DE'] }));
  expect(lines(['cwa'])).toEqual(['brands/cwa/brand.json: languages: must include en-US, the default language: its addresses have no prefix']);
  const nxn = join(brands, 'nxn', 'brand.json');
  writeFileSync(nxn, JSON.stringify({ ...(JSON.parse(readFileSync(nxn, 'utf8')) as object), languages: ['en-US'] }));
  expect(lines(['nxn'])).toEqual(['brands/nxn/brand.json: languages: the default brand nxn offers every language: the site-wide pages wear it; leave languages out']);
  writeFileSync(config, JSON.stringify({ ...cwa, languages: ['en-US', 'fr-FR'] }));
  expect(lines(['cwa'])).toEqual(['brands/cwa/brand.json: languages[1]: must be a language of src/domain/languages.json (en-US, de-DE)']);
});

test('an offered language\'s missing translations and content are named with their file and key (issue 45)', () => {
  const locales = mkdtempSync(join(tmpdir(), 'brand-tools-locales-'));
  const contentCopy = mkdtempSync(join(tmpdir(), 'brand-tools-content-'));
  try {
    cpSync(join(root, 'src/i18n/locales'), locales, { recursive: true });
    cpSync(content, contentCopy, { recursive: true });
    expect(missingTranslations('de-DE', locales)).toEqual([]);
    expect(missingContentFiles(contentCopy, 'de-DE')).toEqual([]);
    const login = join(locales, 'de-DE', 'login.json');
    const table = JSON.parse(readFileSync(login, 'utf8')) as Record<string, string>;
    delete table['login.submit'];
    writeFileSync(login, JSON.stringify(table));
    rmSync(join(locales, 'de-DE', 'passkeys.json'));
    rmSync(join(contentCopy, 'portal-de-de', 'termsofuse.json'));
    expect(missingTranslations('de-DE', locales).map(formatProblem)).toEqual([
      'src/i18n/locales/de-DE/login.json: login.submit: no de-DE text (the en-US text: "Log In")',
      'src/i18n/locales/de-DE/passkeys.json: (root): missing or not a JSON object: copy src/i18n/locales/en-US/passkeys.json and translate its texts',
    ]);
    expect(missingContentFiles(contentCopy, 'de-DE').map(formatProblem)).toEqual([
      'content/portal-de-de/termsofuse.json: (file): missing: the de-DE pages would show content/gateway/termsofuse.json (en-US); add it in de-DE',
    ]);
  } finally {
    rmSync(locales, { recursive: true, force: true });
    rmSync(contentCopy, { recursive: true, force: true });
  }
});
