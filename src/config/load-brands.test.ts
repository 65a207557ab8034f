import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError } from './config-errors.ts';
import { loadBrands } from './load-brands.ts';
import { SVG_CLEANING_HINT } from './brand-svg.ts';

const BRANDS = join(import.meta.dirname, '../../brands');
let dir: string;

function brandsCopy(): string {
  dir = mkdtempSync(join(tmpdir(), 'brands-'));
  cpSync(BRANDS, dir, { recursive: true });
  return dir;
}

function errorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected the brands to be refused');
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n').slice(1);
    throw error;
  }
  throw new Error('expected the brands to be refused');
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('loadBrands', () => {
  test('loads every shipped brand with defaults merged under it', () => {
    const brands = loadBrands(BRANDS);
    expect(brands.map((brand) => brand.key)).toEqual(['brightpath529', 'cwa', 'harbor', 'nxn', 'summit']);
    const cwa = brands.find((brand) => brand.key === 'cwa');
    // cwa sets no sorryConfig: the shared defaults fill it in.
    expect(cwa?.config.sorryConfig.secondary).toEqual({ 'en-US': 'Please try again later.', 'de-DE': 'Bitte versuchen Sie es später erneut.' });
    expect(cwa?.config.cookiePolicyConfig.displayEuCookieBar).toBe(true);
  });

  test('builds only the brands named in a subset', () => {
    expect(loadBrands(BRANDS, ['nxn', 'cwa']).map((brand) => brand.key)).toEqual(['nxn', 'cwa']);
  });

  test('hides the forgot-user-id link for the spec list and always shows it for nxn', () => {
    const byKey = Object.fromEntries(loadBrands(BRANDS).map((brand) => [brand.key, brand.config.forgotUserIdLink]));
    expect(byKey).toMatchObject({ nxn: true, cwa: false, summit: true });
  });

  test('makes every brand an investor portal unless its brand.json says client', () => {
    const byKey = Object.fromEntries(loadBrands(BRANDS).map((brand) => [brand.key, brand.config.portalKind]));
    expect(byKey).toEqual({ brightpath529: 'investor', cwa: 'client', harbor: 'investor', nxn: 'investor', summit: 'investor' });
  });

  test('refuses a portal kind that is not investor or client', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'summit/brand.json'), JSON.stringify({ displayName: 'Summit', portalKind: 'retail' }));
    expect(problemsOf(() => loadBrands(root, ['summit']))).toMatchInlineSnapshot(`
      [
        "brands/summit/brand.json: portalKind: Invalid option: expected one of "investor"|"client"",
      ]
    `);
  });

  test('refuses a redirect allow-list entry that is a URL rather than a host name', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'summit/brand.json'), JSON.stringify({ displayName: 'Summit', allowedRedirectHosts: ['www.summit.example', 'https://evil.example/'] }));
    expect(problemsOf(() => loadBrands(root, ['summit']))).toMatchInlineSnapshot(`
      [
        "brands/summit/brand.json: allowedRedirectHosts[1]: must be a lowercase host name, optionally with :port, without scheme or path",
      ]
    `);
  });

  test('compiles theme tokens into custom properties, brand over defaults', () => {
    const nxn = loadBrands(BRANDS, ['nxn'])[0];
    // Colours from brand.json over the defaults' palette, the other tokens from theme.scss over the defaults'.
    expect(nxn?.themeCss).toContain('--color-primary:#0b3d6e;');
    expect(nxn?.themeCss).toContain('--color-danger:#a4001d;');
    expect(nxn?.themeCss).toContain('--radius: 4px');
    expect(nxn?.themeCss).not.toContain('prefers-color-scheme');
  });

  test('reports a wrong type, an unknown key and a missing field with one line each', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'summit/brand.json'), JSON.stringify({
      displayName: 'Summit', wideLogin: 'yes', heroText: { tagLine1: 'typo' },
    }));
    expect(problemsOf(() => loadBrands(root, ['summit']))).toMatchInlineSnapshot(`
      [
        "brands/summit/brand.json: wideLogin: expected boolean, received string",
        "brands/summit/brand.json: heroText.tagLine1: unknown key",
      ]
    `);
  });

  test('takes "$schema" as the editor\'s, and names a misspelt key with its line in the file', () => {
    const root = brandsCopy();
    const path = join(root, 'nxn/brand.json');
    writeFileSync(path, JSON.stringify({ $schema: '../brand.schema.json', displayName: 'NXN', heroTextt: { tagline1: 'Hi' } }, null, 2));
    const error = errorOf(() => loadBrands(root, ['nxn']));
    expect(error.message.split('\n').slice(1)).toEqual(['brands/nxn/brand.json: heroTextt: unknown key']);
    expect(error.loc).toEqual({ file: path, line: 4, column: 4 });
    expect(loadBrands(BRANDS, ['nxn'])[0]?.config.$schema).toBe('../brand.schema.json');
  });

  test('reports bad JSON with the parser message and its place', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'summit/brand.json'), '{\n  "displayName": "Summit",\n}');
    const error = errorOf(() => loadBrands(root, ['summit']));
    expect(error.message.split('\n')[1]).toMatch(/^brands\/summit\/brand\.json: \(root\): invalid JSON: .*\(line 3 column 1\)$/);
    expect(error.loc).toMatchObject({ line: 3, column: 1 });
  });

  test('reports a missing logo', () => {
    const root = brandsCopy();
    rmSync(join(root, 'harbor/logo.svg'));
    expect(problemsOf(() => loadBrands(root, ['harbor']))).toEqual([
      'brands/harbor/brand.json: logo: file "logo.svg" not found in brands/harbor/: add it, or name the file that is there',
    ]);
  });

  test('refuses a logo that carries script', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'harbor/logo.svg'), '<svg onload="alert(1)"></svg>');
    expect(problemsOf(() => loadBrands(root, ['harbor']))).toEqual([
      'brands/harbor/logo.svg: (root): attribute onload is not allowed in a brand SVG',
      `brands/harbor/logo.svg: (root): ${SVG_CLEANING_HINT}`,
    ]);
  });

  test('refuses a logo whose script a blocklist missed: <svg/onload=…>, an entity-encoded javascript: (issue 35)', () => {
    for (const svg of ['<svg/onload=alert(1)>', '<svg><a href="&#106;avascript:alert(1)"><text>x</text></a></svg>']) {
      const root = brandsCopy();
      writeFileSync(join(root, 'harbor/logo.svg'), svg);
      const problems = problemsOf(() => loadBrands(root, ['harbor']));
      expect(problems.length, svg).toBeGreaterThan(1);
      for (const problem of problems) expect(problem, svg).toMatch(/^brands\/harbor\/logo\.svg: \(root\): /);
      expect(problems.at(-1), svg).toBe(`brands/harbor/logo.svg: (root): ${SVG_CLEANING_HINT}`);
    }
  });

  test('refuses an unknown theme token', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'nxn/theme.scss'), '$colour-primary: red;');
    expect(problemsOf(() => loadBrands(root, ['nxn']))).toEqual(['brands/nxn/theme.scss: $colour-primary: unknown token']);
  });

  test('reports every broken brand at once', () => {
    const root = brandsCopy();
    rmSync(join(root, 'harbor/logo.svg'));
    writeFileSync(join(root, 'summit/brand.json'), '[]');
    expect(problemsOf(() => loadBrands(root))).toHaveLength(2);
  });

  test('names every problem of a brand in one run: brand.json, logo, theme and support.json', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'harbor/brand.json'), JSON.stringify({ wideLogin: 'yes', colors: { link: '#999999' } }));
    writeFileSync(join(root, 'harbor/logo.svg'), '<svg data-name="Layer 1"><rect filter="url(#f)" data-name="a"/></svg>');
    writeFileSync(join(root, 'harbor/theme.scss'), '$radius: 4px;\n$color-link: #999999;');
    writeFileSync(join(root, 'harbor/support.json'), JSON.stringify({ title: 'Help', paragraphs: 'Call us.' }));
    expect(problemsOf(() => loadBrands(root, ['harbor']))).toEqual([
      'brands/harbor/brand.json: wideLogin: expected boolean, received string',
      'brands/harbor/logo.svg: (root): attribute data-name is not allowed in a brand SVG (2 times)',
      'brands/harbor/logo.svg: (root): attribute filter is not allowed in a brand SVG',
      `brands/harbor/logo.svg: (root): ${SVG_CLEANING_HINT}`,
      'brands/harbor/theme.scss: $color-link: unknown token: colours are set in brand.json, as colors.link',
      'brands/harbor/brand.json: colors.link on colors.surface: contrast 2.85:1 is below WCAG AA 4.5:1: change colors.link (links on the page and on cards) or colors.surface (cards, dialogs and the cookie bar, and the inner tone of the focus ring) in brand.json',
      'brands/harbor/brand.json: colors.link on colors.background: contrast 2.61:1 is below WCAG AA 4.5:1: change colors.link (links on the page and on cards) or colors.background (the page behind the cards) in brand.json',
      'brands/harbor/support.json: paragraphs: expected array, received string',
    ]);
  });

  test('reads a designer\'s export with its XML line, generator comment and DOCTYPE, and names an image that is no SVG', () => {
    const root = brandsCopy();
    const logo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#005f73"/></svg>';
    writeFileSync(join(root, 'harbor/logo.svg'), `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Adobe Illustrator 27.0 -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${logo}`);
    expect(loadBrands(root, ['harbor'])[0]?.logoSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#005f73"/)
    writeFileSync(join(root, 'harbor/logo.svg'), '\u0089PNG\r\n');
    expect(problemsOf(() => loadBrands(root, ['harbor']))).toEqual([
      'brands/harbor/logo.svg: (root): not an SVG image: the file must start with <svg (after an optional <?xml …?> line); it starts with "\u0089PNG": export it as SVG (not as a PNG renamed .svg)',
    ]);
  });

  test('refuses a logo that does not read on its header: text below 4.5:1, shapes that all stay below 3:1, currentColor taking the header\'s text colour', () => {
    const root = brandsCopy();
    // harbor's header is white (#ffffff) and its header text dark.
    writeFileSync(join(root, 'harbor/logo.svg'), '<svg viewBox="0 0 100 40"><path d="M0 0h40v40H0z" fill="#cccccc"/><circle cx="60" cy="20" r="10" fill="#dddddd"/><text x="70" y="30" fill="#999999">Harbor</text></svg>');
    expect(problemsOf(() => loadBrands(root, ['harbor']))).toEqual([
      'brands/harbor/logo.svg: <text> "Harbor" fill="#999999": text at 2.85:1 on the header colors.header (#ffffff), below 4.5:1: use a darker or lighter fill, draw it in currentColor (it then takes colors.onHeader), or change colors.header in brand.json',
      'brands/harbor/logo.svg: (shapes): no shape of the logo reaches 3:1 on the header colors.header (#ffffff) (#cccccc 1.61:1, #dddddd 1.36:1): darken or lighten the logo\'s colours, draw it in currentColor (it then takes colors.onHeader), or change colors.header in brand.json',
    ]);
    // In currentColor the same logo takes colors.onHeader and passes; a white mark on a dark square passes by the square.
    writeFileSync(join(root, 'harbor/logo.svg'), '<svg viewBox="0 0 100 40" fill="currentColor"><path d="M0 0h40v40H0z"/><path d="M5 5h5v5H5z" fill="#ffffff"/><text x="70" y="30">Harbor</text></svg>');
    expect(loadBrands(root, ['harbor'])).toHaveLength(1);
    // ... until colors.onHeader itself is pale.
    writeFileSync(join(root, 'harbor/brand.json'), JSON.stringify({ colors: { header: '#ffffff', onHeader: '#aaaaaa' } }));
    expect(problemsOf(() => loadBrands(root, ['harbor']))).toContain(
      'brands/harbor/logo.svg: <text> "Harbor" fill="currentColor": text at 2.32:1 on the header colors.header (#ffffff), below 4.5:1: use a darker or lighter fill, draw it in currentColor (it then takes colors.onHeader), or change colors.header in brand.json',
    );
  });

  test('holds a dark palette to the light one\'s checks, the logo on the dark header too, naming brand, file and pair; pages take it under prefers-color-scheme: dark', () => {
    const cwa = loadBrands(BRANDS, ['cwa'])[0];
    expect(cwa?.themeCss).toMatch(/@media \(prefers-color-scheme:dark\)\{:root\{--color-primary:#e3b5d8;.*--color-header:#2e1029;.*\}\}$/);
    expect(cwa?.darkThemeColor).toBe('#2e1029');
    const root = brandsCopy();
    const brand = JSON.parse(readFileSync(join(root, 'cwa/brand.json'), 'utf8')) as { darkColors: Record<string, string> };
    writeFileSync(join(root, 'cwa/brand.json'), JSON.stringify({ ...brand, darkColors: { ...brand.darkColors, link: '#5a1f4f', header: '#f0f0f0' } }));
    expect(problemsOf(() => loadBrands(root, ['cwa']))).toEqual([
      'brands/cwa/brand.json: darkColors.onHeader on darkColors.header: contrast 1.14:1 is below WCAG AA 4.5:1: change darkColors.onHeader (the header\'s Log In link, and a logo drawn in currentColor) or darkColors.header (the header bar behind the logo and the Log In link) in brand.json',
      'brands/cwa/brand.json: darkColors.link on darkColors.surface: contrast 1.42:1 is below WCAG AA 4.5:1: change darkColors.link (links on the page and on cards) or darkColors.surface (cards, dialogs and the cookie bar, and the inner tone of the focus ring) in brand.json',
      'brands/cwa/brand.json: darkColors.link on darkColors.background: contrast 1.56:1 is below WCAG AA 4.5:1: change darkColors.link (links on the page and on cards) or darkColors.background (the page behind the cards) in brand.json',
      'brands/cwa/logo.svg: <text> "CWA" fill="#ffffff": in the dark palette: text at 1.14:1 on the header darkColors.header (#f0f0f0), below 4.5:1: use a darker or lighter fill, draw it in currentColor (it then takes darkColors.onHeader), or change darkColors.header in brand.json',
      'brands/cwa/logo.svg: (shapes): in the dark palette: no shape of the logo reaches 3:1 on the header darkColors.header (#f0f0f0) (#c9a227 2.12:1): darken or lighten the logo\'s colours, draw it in currentColor (it then takes darkColors.onHeader), or change darkColors.header in brand.json',
    ]);
    writeFileSync(join(root, 'cwa/brand.json'), JSON.stringify({ ...brand, darkColors: { surface: 'black' } }));
    expect(problemsOf(() => loadBrands(root, ['cwa']))).toEqual(['brands/cwa/brand.json: darkColors.surface: must be a colour as #rrggbb']);
  });

  test('refuses turning the forgot-user-id link off for nxn', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'nxn/brand.json'), JSON.stringify({ displayName: 'NXN', forgotUserIdLink: false }));
    expect(problemsOf(() => loadBrands(root, ['nxn']))).toEqual([
      'brands/nxn/brand.json: forgotUserIdLink: the default brand nxn always shows the Forgot User ID link',
    ]);
  });

  test('refuses isCustomSupportRequired without the custom support content it picks', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'harbor', 'support.json'), JSON.stringify({ title: 'Help', paragraphs: ['Call us.'], isCustomSupportRequired: true }));
    expect(problemsOf(() => loadBrands(root))).toEqual(['brands/harbor/support.json: custom: required when isCustomSupportRequired is true']);
  });

  test('reads isCustomSupportRequired as off unless a brand sets it', () => {
    const brands = loadBrands(BRANDS);
    expect(brands.map((brand) => [brand.key, brand.support?.isCustomSupportRequired ?? null])).toEqual([
      ['brightpath529', true], ['cwa', null], ['harbor', false], ['nxn', false], ['summit', null],
    ]);
  });

  test('names a brand in a subset that has no folder', () => {
    expect(problemsOf(() => loadBrands(BRANDS, ['nope']))).toEqual(['brands/nope: (folder): no such brand folder']);
  });

  test('gives a brand without a favicon the defaults\' files and its header colour as theme-color, and a brand its own', () => {
    const byKey = Object.fromEntries(loadBrands(BRANDS).map((brand) => [brand.key, brand]));
    const defaults = byKey['summit'];
    expect(defaults?.favicon.svg).toContain('<svg');
    expect(Buffer.from(defaults?.favicon.pngBase64 ?? '', 'base64').equals(readFileSync(join(BRANDS, '_defaults/favicon.png')))).toBe(true);
    expect(defaults?.favicon.pngSize).toBe(180);
    expect(defaults?.themeColor).toBe('#ffffff');
    expect(Buffer.from(byKey['cwa']?.favicon.pngBase64 ?? '', 'base64').equals(readFileSync(join(BRANDS, 'cwa/favicon.png')))).toBe(true);
    expect(byKey['cwa']?.favicon.svg).toContain('#c9a227');
    expect(byKey['cwa']?.themeColor).toBe('#2e1029');
  });

  test('takes theme-color from brand.json over the header colour', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'summit/brand.json'), JSON.stringify({ displayName: 'Summit', themeColor: '#0a2540' }));
    expect(loadBrands(root, ['summit'])[0]?.themeColor).toBe('#0a2540');
  });

  test('names a missing, unreadable or wrong favicon file with its path, every one in one run', () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'summit/brand.json'), JSON.stringify({ displayName: 'Summit', themeColor: 'navy', favicon: { svg: 'icon.svg', png: 'icon.png' } }));
    mkdirSync(join(root, 'summit/icon.png'));
    writeFileSync(join(root, 'harbor/brand.json'), JSON.stringify({ displayName: 'Harbor', favicon: { svg: 'icon.svg', png: 'icon.png' } }));
    writeFileSync(join(root, 'harbor/icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
    writeFileSync(join(root, 'harbor/icon.png'), readFileSync(join(root, 'harbor/logo.svg')));
    writeFileSync(join(root, 'cwa/favicon.png'), readFileSync(join(root, '_defaults/favicon.png')).subarray(0, 16));
    expect(problemsOf(() => loadBrands(root, ['summit', 'harbor', 'cwa']))).toEqual([
      'brands/summit/brand.json: themeColor: must be a colour as #rrggbb',
      'brands/harbor/icon.svg: (root): attribute onload is not allowed in a brand SVG',
      `brands/harbor/icon.svg: (root): ${SVG_CLEANING_HINT}`,
      'brands/harbor/icon.png: (root): not a PNG image: export the icon as PNG (not a JPEG or an SVG renamed .png)',
      'brands/cwa/favicon.png: (root): not a PNG image: export the icon as PNG (not a JPEG or an SVG renamed .png)',
    ]);
    writeFileSync(join(root, 'summit/brand.json'), JSON.stringify({ displayName: 'Summit', favicon: { svg: 'icon.svg', png: 'icon.png' } }));
    expect(problemsOf(() => loadBrands(root, ['summit']))).toEqual([
      'brands/summit/brand.json: favicon.svg: file "icon.svg" not found in brands/summit/: add it, or name the file that is there',
      'brands/summit/icon.png: (root): cannot be read (EISDIR: illegal operation on a directory, read): name the image file in favicon.png of brands/summit/brand.json',
    ]);
  });

  test('refuses a favicon PNG that is not square or too small for a home screen', () => {
    const root = brandsCopy();
    const png = readFileSync(join(root, '_defaults/favicon.png'));
    png.writeUInt32BE(32, 16);
    png.writeUInt32BE(32, 20);
    writeFileSync(join(root, 'cwa/favicon.png'), png);
    expect(problemsOf(() => loadBrands(root, ['cwa']))).toEqual([
      'brands/cwa/favicon.png: (root): 32 x 32 pixels: a favicon PNG must be square and at least 180 x 180 (phones use it as the home-screen icon): export it again at 180 x 180 or larger',
    ]);
  });

  test('refuses a favicon PNG cut short, one too large for an icon, or one claiming more pixels than an icon has', () => {
    const root = brandsCopy();
    const png = readFileSync(join(root, '_defaults/favicon.png'));
    const claims = Buffer.from(png);
    claims.writeUInt32BE(100_000, 16);
    claims.writeUInt32BE(100_000, 20);
    for (const brand of ['cwa', 'summit', 'harbor']) {
      writeFileSync(join(root, `${brand}/brand.json`), JSON.stringify({ ...JSON.parse(readFileSync(join(root, `${brand}/brand.json`), 'utf8')) as object, favicon: { png: 'icon.png' } }));
    }
    writeFileSync(join(root, 'cwa/icon.png'), png.subarray(0, 33));
    writeFileSync(join(root, 'summit/icon.png'), Buffer.concat([png.subarray(0, png.length - 12), Buffer.alloc(300 * 1024), png.subarray(png.length - 12)]));
    writeFileSync(join(root, 'harbor/icon.png'), claims);
    expect(problemsOf(() => loadBrands(root, ['cwa', 'summit', 'harbor']))).toEqual([
      'brands/cwa/icon.png: (root): not a whole PNG image (it is cut short): export the icon as PNG again',
      'brands/summit/icon.png: (root): 303 KB: a favicon PNG must be at most 200 KB (every page links it): export it again at 180 x 180 to 512 x 512',
      'brands/harbor/icon.png: (root): 100000 x 100000 pixels: a favicon PNG must be at most 1024 x 1024: export it again at 180 x 180 to 512 x 512',
    ]);
  });

  test('names a missing default favicon as the defaults\' file', () => {
    const root = brandsCopy();
    rmSync(join(root, '_defaults/favicon.svg'));
    expect(problemsOf(() => loadBrands(root, ['summit']))).toEqual([
      'brands/_defaults/brand.json: favicon.svg: file "favicon.svg" not found in brands/_defaults/: add it, or name the file that is there',
    ]);
  });

  test('refuses a footer link that is not a site path or an https URL, in either language', () => {
    const root = brandsCopy();
    const link = (href: unknown) => ({ label: { 'en-US': 'Privacy', 'de-DE': 'Datenschutz' }, href });
    writeFileSync(join(root, 'summit/brand.json'), JSON.stringify({ displayName: 'Summit', footerLinks: [
      link('//evil.example/privacy'),
      link({ 'en-US': 'https://www.summit.example/privacy', 'de-DE': 'javascript:alert(1)' }),
      link('http://www.summit.example/privacy'),
      link('https://user:pw@evil.example/'),
      link({ 'en-US': '/app/summit/termsOfUse' }),
      link('/\\evil.example'),
      link({ 'en-US': 'https://www.summit.example/privacy', 'de-DE': '/app/{wl}/termsOfUse' }),
    ] }));
    const refused = 'must be a site path starting with / or an https:// URL, for both languages or each';
    // A target in one language only is a text the brand's other language lacks (issue 45's check names it).
    expect(problemsOf(() => loadBrands(root, ['summit']))).toEqual([
      'brands/summit/brand.json: footerLinks[4].href: no text for de-DE, which this brand offers (languages: en-US, de-DE): add "de-DE" or give one text for every language',
      `brands/summit/brand.json: footerLinks[0].href: ${refused}`,
      `brands/summit/brand.json: footerLinks[1].href: ${refused}`,
      `brands/summit/brand.json: footerLinks[2].href: ${refused}`,
      `brands/summit/brand.json: footerLinks[3].href: ${refused}`,
      `brands/summit/brand.json: footerLinks[5].href: ${refused}`,
    ]);
  });

  test('refuses a login-page or cookie-policy link that a browser would read as off-site, by the footer links\' rule', () => {
    const root = brandsCopy();
    const hrefs = ['/\\evil.example', 'https://user:pw@evil.example/', 'https://:@evil.example/', 'https:evil.example', ' https://www.summit.example/', 'https://www.summit.example/"><b>', 'https://{wl}.evil.example/'];
    writeFileSync(join(root, 'summit/brand.json'), JSON.stringify({ displayName: 'Summit', linkConfig: { links: [
      ...hrefs.map((href) => ({ label: 'Help', href })),
      { label: 'Fine', href: 'https://www.summit.example/help?a=1#b' },
      { label: 'Fine', href: '/app/summit/termsOfUse' },
    ] } }));
    expect(problemsOf(() => loadBrands(root, ['summit']))).toEqual(
      hrefs.map((_, index) => `brands/summit/brand.json: linkConfig.links[${String(index)}].href: must be a site path starting with / or an https:// URL`),
    );
  });

  test('gives a brand without footer links the defaults\', and one with its own only those', () => {
    const byKey = Object.fromEntries(loadBrands(BRANDS).map((brand) => [brand.key, brand.config.footerLinks]));
    expect(byKey['summit']).toEqual([{ label: { 'en-US': 'Terms of Use', 'de-DE': 'Nutzungsbedingungen' }, href: '/app/{wl}/termsOfUse' }]);
    expect(byKey['cwa']?.map((link) => link.href)).toEqual(['/app/{wl}/termsOfUse', { 'en-US': 'https://www.cwa.example/privacy', 'de-DE': 'https://www.cwa.example/de/datenschutz' }, { 'en-US': 'https://www.cwa.example/legal', 'de-DE': 'https://www.cwa.example/de/impressum' }]);
  });
});
