import { describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES, compilePattern, fillPattern, matchRoute } from './route-table.ts';
import { REDIRECT_LIMITS, netlifyConfig, nginxRoutes, notFoundFiles, redirectRuleCounts, staticHostRedirects } from './host-routes.ts';
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
});

describe('the hosts\' rules', () => {
  test('_redirects holds the redirects in every language, German first', () => {
    expect(staticHostRedirects()).toMatchInlineSnapshot(`
      "# Written by the build (src/build/host-routes.ts) from src/build/route-table.ts. Do not edit.
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
    expect(server).toContain(`location ~ "^(?<lang>/de\\-DE)?/(?<wl>${BRAND_KEY_FORMAT})/fps$" { return 302 $lang/self-service/$wl/fps$is_args$args; }`);
    expect(http).toContain(`"~^(?<lang>/de\\-DE)?/app/(?<wl>${BRAND_KEY_FORMAT})/(?<splat>[^?]*)(?:\\?.*)?$" "/app/$wl/404.html";`);
    expect(http).toContain('default "/404.html";');
  });
});

test('check:dist fails a dist/ whose rules Cloudflare Pages would cut', () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-rules-'));
  try {
    writeFileSync(join(dir, '_headers'), Array.from({ length: 101 }, (_, index) => `/p${String(index)}\n  X-A: b`).join('\n'));
    writeFileSync(join(dir, '_redirects'), Array.from({ length: REDIRECT_LIMITS.dynamicRules + 1 }, (_, index) => `/b${String(index)}/:x /c 302`).join('\n'));
    writeFileSync(join(dir, '_nginx-route-locations.conf'), nginxRoutes().server);
    expect(hostRuleProblems(dir)).toEqual([
      '_headers: 101 rules, over Cloudflare Pages\' 100',
      '_redirects: 101 dynamic rules, over Cloudflare Pages\' 100',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
