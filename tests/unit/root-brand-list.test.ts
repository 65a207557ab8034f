import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { syncRootBrandList } from '../../scripts/deploy/build-brands.ts';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';

test('after a brand is rebuilt into a dist/, the root page follows WL_KEY to every brand the dist/ holds', () => {
  const out = mkdtempSync(join(tmpdir(), 'root-brands-'));
  for (const wl of ['nxn', 'cwa', 'harbor']) {
    mkdirSync(join(out, 'app', wl), { recursive: true });
    writeFileSync(join(out, 'app', wl, 'login.html'), '<!doctype html>');
  }
  // A folder without a login page is no brand (an asset folder of another layout, say).
  mkdirSync(join(out, 'app', 'stray'), { recursive: true });
  // What `build:brand -- nxn` left: a root page whose list names only the brand it built.
  const root = '<script data-to="/app/nxn/login" data-brands="nxn" data-brand-to="/app/{wl}/login">…</script>';
  writeFileSync(join(out, 'index.html'), root);
  mkdirSync(serverDirOf(out), { recursive: true });
  writeFileSync(join(serverDirOf(out), 'index.html.gz'), gzipSync(root));
  syncRootBrandList(out);
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  expect(html).toContain('data-brands="cwa harbor nxn"');
  expect(gunzipSync(readFileSync(join(serverDirOf(out), 'index.html.gz'))).toString()).toBe(html);
});
