import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { languageGapsOf, redirectRuleCounts, staticHostRedirects } from './host-routes.ts';
import { workerConfig, workerRoutes } from './cloudflare-worker.ts';
import { brandNotFoundPage, languageGapGlobs, languageGapPage, languageGapPattern } from './language-gaps.ts';

// Issue 45: a brand built without a language gets no redirect and no not-found page of another brand in it.

describe('a brand without a language', () => {
  const gaps = { 'de-DE': ['solo'] };

  test('answers its own not-found page, in its default language, where the route table names it', () => {
    expect(brandNotFoundPage('/solo/fps')).toEqual({ wl: 'solo', page: '/self-service/solo/404' });
    expect(languageGapPage('/de-DE/solo/fps', gaps)).toBe('/self-service/solo/404');
    expect(languageGapPage('/de-DE/self-service/solo/x/y/fuid', gaps)).toBe('/self-service/solo/404');
    expect(languageGapPage('/de-DE/app/solo/login', gaps)).toBe('/app/solo/404');
    // A page's file names are the same address (netlify dev asks again with each of them).
    for (const spelling of ['fps.html', 'fps.htm', 'fps/index.html', 'fps/index.htm']) expect(languageGapPage(`/de-DE/solo/${spelling}`, gaps), spelling).toBe('/self-service/solo/404');
    // Not its default language, not a brand with the language, not a path of no brand.
    expect(languageGapPage('/solo/fps', gaps)).toBeUndefined();
    expect(languageGapPage('/de-DE/nxn/fps', gaps)).toBeUndefined();
    expect(languageGapPage('/de-DE/soloist/fps', gaps)).toBeUndefined();
    expect(languageGapPage('/de-DE/solo', gaps)).toBeUndefined();
  });

  test('is read from the built files: a login page at the root and none under the language', () => {
    const dist = mkdtempSync(join(tmpdir(), 'language-gaps-'));
    try {
      for (const file of ['app/nxn/login.html', 'de-DE/app/nxn/login.html', 'app/solo/login.html', 'app/solo/404.html']) {
        mkdirSync(join(dist, file, '..'), { recursive: true });
        writeFileSync(join(dist, file), '');
      }
      expect(languageGapsOf(dist)).toEqual({ 'de-DE': ['solo'] });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  test('runs Cloudflare\'s worker on its paths only, or on the whole language once they would not fit in _routes.json', () => {
    expect(languageGapGlobs(gaps, 10)).toEqual(['/de-DE/solo*', '/de-DE/self-service/solo*', '/de-DE/app/solo*']);
    const routes = JSON.parse(workerRoutes(workerConfig(gaps))) as { include: string[] };
    expect(routes.include).toEqual(expect.arrayContaining(['/apps/*', '/de-DE/solo*', '/de-DE/app/solo*']));
    // 1,000 brands without German: one rule for the language, within Pages' 100 rules of 100 characters.
    const many = { 'de-DE': Array.from({ length: 1000 }, (_, index) => `brand-${String(index)}`) };
    const manyRoutes = JSON.parse(workerRoutes(workerConfig(many))) as { include: string[] };
    expect(manyRoutes.include).toContain('/de-DE/*');
    expect(manyRoutes.include.length).toBeLessThanOrEqual(100);
    expect(Math.max(...manyRoutes.include.map((rule) => rule.length))).toBeLessThanOrEqual(100);
    // _redirects names no brand: the same rules for 1,000 brands with gaps as for none.
    expect(redirectRuleCounts(staticHostRedirects())).toEqual({ staticRules: 0, dynamicRules: 8, longestLine: expect.any(Number) as unknown });
  });

  test('gets Netlify\'s edge function on its paths in the language it lacks, and nowhere else', () => {
    const pattern = new RegExp(languageGapPattern('de-DE', gaps) ?? '^$');
    for (const path of ['/de-DE/solo/fps', '/de-DE/app/solo', '/de-DE/app/solo/login', '/de-DE/self-service/solo/a/fuid']) expect(pattern.test(path), path).toBe(true);
    for (const path of ['/de-DE/nxn/fps', '/de-DE/app/soloist/login', '/app/solo/login', '/de-DE/solo.html']) expect(pattern.test(path), path).toBe(false);
    expect(languageGapPattern('de-DE', {})).toBeUndefined();
  });
});
