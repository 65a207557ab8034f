import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import type { AstroPrerenderer } from 'astro';
import { compressingPrerenderer, precompressRest, uncompressedFiles } from './precompress.ts';
import { serverDirOf } from './dist-layout.ts';

/** Astro's own prerenderer, as far as the wrapper sees it: a response per request, and a teardown. */
function fakeAstro(responses: Record<string, Response>, onTeardown: () => void = () => undefined): AstroPrerenderer {
  return {
    name: 'astro:default',
    getStaticPaths: () => Promise.resolve([]),
    render: (request) => Promise.resolve(responses[new URL(request.url).pathname] ?? new Response('missing', { status: 500 })),
    teardown: () => {
      onTeardown();
      return Promise.resolve();
    },
  };
}

const render = (prerenderer: AstroPrerenderer, path: string) =>
  prerenderer.render(new Request(`http://localhost${path}`), { routeData: {} as never });

test('writes a page\'s .gz at its file\'s path in the server folder beside dist/ as it renders, and hands Astro the same bytes', async () => {
  const out = mkdtempSync(join(tmpdir(), 'precompress-'));
  const html = '<!doctype html><title>Anmelden</title><p>Grüße</p>';
  const seen: string[] = [];
  const writtenByTeardown: boolean[] = [];
  const prerenderer = compressingPrerenderer(
    fakeAstro({ '/de-DE/app/nxn/login.html': new Response(html, { headers: { 'content-type': 'text/html' } }) }, () => {
      writtenByTeardown.push(existsSync(join(serverDirOf(out), 'de-DE/app/nxn/login.html.gz')));
    }),
    pathToFileURL(`${out}/`),
    (page) => seen.push(page),
  );
  const rendered = await render(prerenderer, '/de-DE/app/nxn/login.html');
  const response = rendered instanceof Response ? rendered : rendered.response;
  expect(await response.text()).toBe(html);
  expect(response.headers.get('content-type')).toBe('text/html');
  expect(seen).toEqual([html]);
  await prerenderer.teardown?.();
  // The build's last step reads the .gz files: every write has ended before Astro's own teardown.
  expect(writtenByTeardown).toEqual([true]);
  expect(gunzipSync(readFileSync(join(serverDirOf(out), 'de-DE/app/nxn/login.html.gz'))).toString()).toBe(html);
});

test('leaves redirects and files other than pages alone', async () => {
  const out = mkdtempSync(join(tmpdir(), 'precompress-'));
  const redirect = new Response(null, { status: 302, headers: { location: '/app/nxn/login' } });
  const prerenderer = compressingPrerenderer(fakeAstro({ '/index.html': redirect, '/robots.txt': new Response('User-agent: *') }), pathToFileURL(`${out}/`), () => undefined);
  expect(await render(prerenderer, '/index.html')).toBe(redirect);
  await render(prerenderer, '/robots.txt');
  await prerenderer.teardown?.();
  expect(existsSync(join(serverDirOf(out), 'index.html.gz'))).toBe(false);
  expect(existsSync(join(serverDirOf(out), 'robots.txt.gz'))).toBe(false);
});

test('a .gz that cannot be written fails the build instead of leaving the page without one', async () => {
  const out = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(serverDirOf(out), { recursive: true });
  writeFileSync(join(serverDirOf(out), 'app'), 'a file where the brand folders would go');
  const prerenderer = compressingPrerenderer(fakeAstro({ '/app/nxn/login.html': new Response('<p>login</p>') }), pathToFileURL(`${out}/`), () => undefined);
  await render(prerenderer, '/app/nxn/login.html');
  await expect(prerenderer.teardown?.()).rejects.toThrow(/app\/nxn\/login\.html\.gz: .*(EEXIST|ENOTDIR)/);
});

test('names the text files still without a .gz, for the pass after the build', () => {
  const out = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(out, '_astro'));
  for (const file of ['index.html', '404.html', '_astro/theme-nxn.css', '_astro/logo.png']) writeFileSync(join(out, file), 'x');
  mkdirSync(serverDirOf(out), { recursive: true });
  writeFileSync(join(serverDirOf(out), 'index.html.gz'), 'x');
  expect(uncompressedFiles(out).sort()).toEqual(['404.html', '_astro/theme-nxn.css']);
});

test('after the build, compresses what has no .gz yet and shows its pages to the policy reader', async () => {
  const out = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(out, '_astro'));
  writeFileSync(join(out, 'index.html'), '<p>root</p>');
  mkdirSync(serverDirOf(out), { recursive: true });
  writeFileSync(join(serverDirOf(out), 'index.html.gz'), 'already there');
  writeFileSync(join(out, '404.html'), '<p>not found</p>');
  writeFileSync(join(out, '_astro/theme-nxn.css'), ':root{}');
  const seen: string[] = [];
  expect(await precompressRest(out, (html) => seen.push(html))).toBe(2);
  expect(seen).toEqual(['<p>not found</p>']);
  expect(gunzipSync(readFileSync(join(serverDirOf(out), '_astro/theme-nxn.css.gz'))).toString()).toBe(':root{}');
  expect(readFileSync(join(serverDirOf(out), 'index.html.gz'), 'utf8')).toBe('already there');
});
