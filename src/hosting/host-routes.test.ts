import { describe, expect, test } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES, SERVICE_PREFIXES, SPELLED_SERVICE_PATH, compilePattern, fillPattern, isServicePath, matchRoute, reservedBrandKeys } from './route-table.ts';
import { REDIRECT_LIMITS, netlifyConfig, netlifyServiceRules, nginxRoutes, notFoundFiles, redirectRuleCounts, routeFileOptionsFromEnv, serviceOrigin, staticHostRedirects, withoutProxyRules, writeRouteFiles } from './host-routes.ts';
import { serverDirOf } from './dist-layout.ts';
import { hostRuleProblems, nginxCaptureProblems } from '../../scripts/check-dist/check-dist.ts';
import { BRAND_KEY_FORMAT } from '../domain/brands.ts';

describe('the route table', () => {
  test('sends the short addresses to the recovery pages and everything unknown to a not-found page', () => {
    const answer = (path: string) => {
      const found = matchRoute(path, ROUTES);
      if (!found) return undefined;
      return found.row.kind === 'redirect' ? `302 ${fillPattern(found.row.to, found.params)}` : `404 ${fillPattern(found.row.page, found.params)}`;
    };
    expect(answer('/nxn/fps')).toBe('302 /self-service/nxn/fps');
    expect(answer('/harbor/fuid')).toBe('302 /self-service/harbor/fuid');
    expect(answer('/self-service/nxn/extra/deeper/fps')).toBe('302 /self-service/nxn/fps');
    expect(answer('/self-service/nxn/fps')).toBe('404 /self-service/nxn/404');
    expect(answer('/app/harbor/no/such')).toBe('404 /app/harbor/404');
    expect(answer('/app/harbor')).toBe('404 /404');
    expect(answer('/anything')).toBe('404 /404');
  });

  test('names no brand, so every host\'s rules are the same size for any number of brands', () => {
    expect(JSON.stringify(ROUTES)).not.toMatch(/nxn|harbor|cwa|summit/);
    expect(redirectRuleCounts(staticHostRedirects())).toEqual({ staticRules: 0, dynamicRules: 8, longestLine: expect.any(Number) as number });
  });

  test('puts each not-found page where Cloudflare Pages looks first for the addresses it answers', () => {
    for (const row of ROUTES) {
      if (row.kind !== 'not-found') continue;
      expect(`${row.from.replace(/\/\*$/, '')}/404`.replace(/^\/\//, '/'), row.from).toBe(row.page);
    }
    expect(notFoundFiles(['nxn'])).toEqual(['de-DE/app/nxn/404.html', 'de-DE/self-service/nxn/404.html', 'de-DE/404.html', 'app/nxn/404.html', 'self-service/nxn/404.html', '404.html']);
  });

  test('reads patterns as Cloudflare Pages does: a placeholder is one segment, a splat any rest', () => {
    expect(compilePattern('/self-service/:wl/*/fps').exec('/self-service/nxn/a/b/fps')?.groups).toEqual({ wl: 'nxn', splat: 'a/b' });
    expect(compilePattern('/:wl/fps').test('/a/b/fps')).toBe(false);
  });

  test('a brand placeholder matches the brand key\'s format only, on the bundled server and in nginx (issue 35)', () => {
    // nginx decodes %0d%0a before matching; a placeholder that took it wrote it into Location.
    for (const hostile of ['\r\nSet-Cookie: SMSESSION=x', 'a\nb', '\u20ac', 'caf\u00e9', 'a b', 'UPPER', '-a', 'a'.repeat(41), '..']) {
      expect(matchRoute(`/${hostile}/fps`, ROUTES)?.row.kind, hostile).not.toBe('redirect');
      expect(matchRoute(`/self-service/${hostile}/x/fuid`, ROUTES)?.row.kind, hostile).not.toBe('redirect');
    }
    expect(matchRoute('/a-1/fps', ROUTES)?.params).toEqual({ wl: 'a-1' });
    expect(() => compilePattern('/:other/fps')).toThrow(/no format/);
    const { server } = nginxRoutes();
    expect(server).not.toContain('[^/]');
    expect(nginxCaptureProblems('_nginx-route-locations.conf', server)).toEqual([]);
  });

  test('nginx reads the white-label cookie and /app/<wl>/ with the brand key\'s format, which the shipped config never writes itself', () => {
    const { http, server } = nginxRoutes();
    expect(http).toContain(`map $cookie_WL_KEY $portal_home_brand {\n  default nxn;\n  "~^(?<home_brand>${BRAND_KEY_FORMAT})$" $home_brand;\n}`);
    expect(server).toContain(`/app/(?<wl>${BRAND_KEY_FORMAT})/?$" { if (-f $document_root$lang/app/$wl/login.html) { return 302 $lang/app/$wl/login$is_args$args; } return 404; }`);
    const shipped = readFileSync(join(import.meta.dirname, '../../scripts/deploy/portal.nginx.conf'), 'utf8');
    // A character class of lowercase letters and digits is a brand key's format written again.
    expect(shipped).not.toMatch(/\[a-z0-9/);
    expect(shipped).toContain('include __SERVER__/_nginx-routes.conf;');
  });
});

describe('the hosts\' rules', () => {
  test('_redirects holds the redirects in every language, German first', () => {
    expect(staticHostRedirects()).toMatchInlineSnapshot(`
      "# Written by the build (src/hosting/host-routes.ts) from src/hosting/route-table.ts. Do not edit.
      /de-DE/:wl/fps /de-DE/self-service/:wl/fps 302
      /de-DE/self-service/:wl/*/fps /de-DE/self-service/:wl/fps 302
      /de-DE/:wl/fuid /de-DE/self-service/:wl/fuid 302
      /de-DE/self-service/:wl/*/fuid /de-DE/self-service/:wl/fuid 302
      /:wl/fps /self-service/:wl/fps 302
      /self-service/:wl/*/fps /self-service/:wl/fps 302
      /:wl/fuid /self-service/:wl/fuid 302
      /self-service/:wl/*/fuid /self-service/:wl/fuid 302
      "
    `);
  });

  test('netlify.toml answers the hosts\' own files 404 and rewrites unknown addresses to their not-found page', () => {
    const config = netlifyConfig('site');
    expect(config).toContain('publish = "site"');
    expect(config).toMatch(/from = "\/_headers"\nto = "\/404.html"\nstatus = 404\nforce = true/);
    const froms = [...config.matchAll(/from = "([^"]+)"\nto = "([^"]+)"\nstatus = 404\n?(?!force)/g)].map((match) => `${match[1] ?? ''} ${match[2] ?? ''}`);
    expect(froms).toEqual(expect.arrayContaining(['/de-DE/app/:wl/* /de-DE/app/:wl/404.html', '/app/:wl/* /app/:wl/404.html', '/de-DE/* /de-DE/404.html']));
    expect(config.indexOf('"/de-DE/*"')).toBeLessThan(config.indexOf('"/*"'));
  });

  test('nginx gets the redirects as locations and the not-found pages as a map, keeping the explicit language', () => {
    const { http, server } = nginxRoutes();
    // A brand built without the language asked for gets no redirect into it (issue 45): 404, and the map below gives the
    // not-found page of where the redirect would lead, which the server block finds in the brand's own language.
    expect(server).toContain(`location ~ "^(?<lang>/de\\-DE)?/(?<wl>${BRAND_KEY_FORMAT})/fps$" { if (-f $document_root$lang/self-service/$wl/fps.html) { return 302 $lang/self-service/$wl/fps$is_args$args; } if (-f $document_root/self-service/$wl/fps.html) { return 404; } return 302 $lang/self-service/$wl/fps$is_args$args; }`);
    expect(http).toContain(`"~^(?<lang>/de\\-DE)?/(?<wl>${BRAND_KEY_FORMAT})/fps(?:\\?.*)?$" "/self-service/$wl/404.html";`);
    expect(http).toContain(`"~^(?<lang>/de\\-DE)?/app/(?<wl>${BRAND_KEY_FORMAT})/(?<splat>[^?]*)(?:\\?.*)?$" "/app/$wl/404.html";`);
    expect(http).toContain('default "/404.html";');
  });
});

test('check:dist fails a dist/ whose rules Cloudflare Pages would cut', () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-rules-'));
  try {
    writeFileSync(join(dir, '_headers'), Array.from({ length: 101 }, (_, index) => `/p${String(index)}\n  X-A: b`).join('\n'));
    writeFileSync(join(dir, '_redirects'), Array.from({ length: REDIRECT_LIMITS.dynamicRules + 1 }, (_, index) => `/b${String(index)}/:x /c 302`).join('\n'));
    mkdirSync(serverDirOf(dir), { recursive: true });
    writeFileSync(join(serverDirOf(dir), '_nginx-route-locations.conf'), nginxRoutes().server);
    expect(hostRuleProblems(dir)).toEqual([
      '_headers: 101 rules, over Cloudflare Pages\' 100',
      '_redirects: 101 dynamic rules, over Cloudflare Pages\' 100',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('the service paths', () => {
  test('are one list: SiteMinder\'s forms and targets, portal-login-service, the metrics paths; never the emulator\'s', () => {
    for (const path of ['/login/forms/bg/ProcessLogin.fcc', '/login/logout.html', '/pw/forms/smpwservices.fcc', '/apps/home', '/portal-login-service/public/fps/auth',
      '/nxn-service/public/wlTestUrls', '/nxn-metrics/analytics/metrics', '/app/pmg/nxn-metrics/analytics/', '/DPMonitor/rest/v1/dpevents/']) expect(isServicePath(path), path).toBe(true);
    for (const path of ['/__emulator/outbox', '/app/nxn/login', '/apps2', '/loginx', '/app/pmg2/login', '/self-service/nxn/fps']) expect(isServicePath(path), path).toBe(false);
  });

  test('a path as sent is one when decoded once it is one, however its prefix is spelled (issue 40)', () => {
    // Every spelling of each prefix with every tail, each character written or escaped (either hex case) by a fixed
    // walk, judged by decoding the path once, as Netlify's rewrites and the service do.
    let seed = 40;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const spell = (text: string) => [...text].map((char) => {
      const hex = char.charCodeAt(0).toString(16).padStart(2, '0');
      const roll = next();
      return roll < 0.4 ? char : `%${roll < 0.7 ? hex : hex.toUpperCase()}`;
    }).join('');
    let spelledWithEscapes = 0;
    for (const prefix of SERVICE_PREFIXES) {
      for (const tail of ['', '/', '/x/y', '%2fx', '%2F..%2f__emulator/outbox', '2', 'x/y', '%252fx']) {
        for (let round = 0; round < 12; round += 1) {
          const path = `${spell(prefix)}${tail}`;
          if (path !== `${prefix}${tail}`) spelledWithEscapes += 1;
          expect(SPELLED_SERVICE_PATH.test(path), path).toBe(isServicePath(decodeURIComponent(path)));
        }
      }
    }
    expect(spelledWithEscapes).toBeGreaterThan(500);
    for (const path of ['/%61pps/..%2f__emulator/outbox', '/app%2fpmg/x', '/%44PMonitor', '/apps%2F']) expect(SPELLED_SERVICE_PATH.test(path), path).toBe(true);
    // Decoded once only, and case-sensitive as paths are: `%2561` is `%61`, `%41` is `A`.
    for (const path of ['/%2561pps/x', '/%41pps/x', '/%64PMonitor', '//apps/x', '/__emulator/outbox', '/app/nxn/login']) expect(SPELLED_SERVICE_PATH.test(path), path).toBe(false);
  });

  test('nginx\'s service locations proxy every one of them', () => {
    const config = readFileSync(join(import.meta.dirname, '../../scripts/deploy/portal.nginx.conf'), 'utf8');
    const locations = [...config.matchAll(/location ~ (\S+) \{\s*proxy_pass/g)].map((match) => new RegExp(match[1] ?? '$^'));
    expect(locations.length).toBeGreaterThan(0);
    for (const prefix of SERVICE_PREFIXES) expect(locations.some((location) => location.test(`${prefix}/x`)), prefix).toBe(true);
  });

  test('become Netlify proxy rewrites to the environment\'s service origin, ahead of the short addresses', () => {
    expect(netlifyServiceRules('https://svc.qa.example:8443').slice(0, 4)).toEqual([
      '/portal-login-service https://svc.qa.example:8443/portal-login-service 200!',
      '/portal-login-service/* https://svc.qa.example:8443/portal-login-service/:splat 200!',
      '/login https://svc.qa.example:8443/login 200!',
      '/login/* https://svc.qa.example:8443/login/:splat 200!',
    ]);
    const redirects = staticHostRedirects(ROUTES, 'https://svc.qa.example');
    expect(redirects.indexOf('/app/pmg/* https://svc.qa.example/app/pmg/:splat 200!')).toBeLessThan(redirects.indexOf('/:wl/fps'));
    expect(redirects).not.toContain('__emulator');
    expect(redirectRuleCounts(redirects)).toMatchObject({ staticRules: SERVICE_PREFIXES.length, dynamicRules: 8 + SERVICE_PREFIXES.length });
    // Cloudflare's release leaves them out: its service paths go through _worker.js.
    expect(withoutProxyRules(redirects)).toBe(staticHostRedirects());
  });

  test('issue 40: in a release, Netlify\'s proxy rewrites set the client-address headers over the visitor\'s, ahead of the short addresses', () => {
    const config = netlifyConfig('site', ROUTES, 'https://svc.example');
    const apps = config.indexOf('from = "/apps/*"\nto = "https://svc.example/apps/:splat"\nstatus = 200\nforce = true\n[redirects.headers]\n"x-forwarded-for" = "unknown"\n"forwarded" = "for=unknown"');
    expect(apps).toBeGreaterThan(0);
    expect(apps).toBeLessThan(config.indexOf('from = "/:wl/fps"'));
    expect(config.match(/\[redirects\.headers\]/g)).toHaveLength(SERVICE_PREFIXES.length * 2);
    expect(config).not.toContain('__emulator');
    expect(netlifyConfig('site')).not.toContain('https://');
  });

  test('take only an origin, since it is written into a rule', () => {
    expect(serviceOrigin('https://svc.example/')).toBe('https://svc.example');
    for (const bad of ['svc.example', 'https://svc.example/api', 'https://svc.example?x=1', 'javascript:alert(1)', 'https://u:p@svc.example', 'https://svc.example 200!\n/* /evil']) {
      expect(() => serviceOrigin(bad), bad).toThrow(/service origin/);
    }
  });

  test('the build writes each host\'s files for the host that builds it: no worker on Netlify, no proxy rules on Cloudflare', () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-files-'));
    try {
      expect(routeFileOptionsFromEnv({ NETLIFY: 'true', PORTAL_SERVICES_ORIGIN: 'https://svc.example' })).toEqual({ buildingOn: 'netlify', servicesOrigin: 'https://svc.example' });
      writeRouteFiles(dir, routeFileOptionsFromEnv({ NETLIFY: 'true', PORTAL_SERVICES_ORIGIN: 'https://svc.example' }));
      expect(readFileSync(join(dir, '_redirects'), 'utf8')).toContain('/apps/* https://svc.example/apps/:splat 200!');
      expect([existsSync(join(dir, '_worker.js')), existsSync(join(dir, '_routes.json'))]).toEqual([false, false]);
      writeRouteFiles(dir, routeFileOptionsFromEnv({ CF_PAGES: '1', PORTAL_SERVICES_ORIGIN: 'https://svc.example' }));
      expect(readFileSync(join(dir, '_redirects'), 'utf8')).toBe(staticHostRedirects());
      expect([existsSync(join(dir, '_worker.js')), existsSync(join(dir, '_routes.json'))]).toEqual([true, true]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('and the site\'s own folders are brand keys no brand may take', () => {
    expect([...reservedBrandKeys().keys()].sort()).toEqual(['.well-known', 'DPMonitor', '__emulator', '_astro', 'app', 'apps', 'de-DE', 'login', 'nxn-metrics', 'nxn-service', 'pmg', 'portal-login-service', 'pw', 'self-service']);
  });
});
