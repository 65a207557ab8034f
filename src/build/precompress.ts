import fg from 'fast-glob';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroPrerenderer, PrerenderResult } from 'astro';

const gzip = promisify(gzipCallback);
const compress = (bytes: Uint8Array) => gzip(bytes, { level: 9 });

/** The text files a server sends compressed: every one gets a `.gz` beside it. */
const COMPRESSIBLE = '**/*.{html,js,css,svg,json,txt}';

/**
 * Writes a `.gz` beside each text asset so servers send compressed bytes without work per request. zlib's
 * asynchronous calls run on libuv's threads, so files compress on every core at once.
 */
export async function precompress(
  distDir: string,
  files: readonly string[] = fg.sync(COMPRESSIBLE, { cwd: distDir }),
  /** Sees each file's bytes as they are read, so a caller that needs them reads no file twice. */
  onRead: (file: string, bytes: Buffer) => void = () => undefined,
): Promise<number> {
  let next = 0;
  const worker = async () => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      const absolute = join(distDir, file);
      const bytes = await readFile(absolute);
      onRead(file, bytes);
      await writeFile(`${absolute}.gz`, await compress(bytes));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return files.length;
}

/** The compressible files of `distDir` that have no `.gz` yet. */
export function uncompressedFiles(distDir: string): string[] {
  const compressed = new Set(fg.sync('**/*.gz', { cwd: distDir }));
  return fg.sync(COMPRESSIBLE, { cwd: distDir }).filter((file) => !compressed.has(`${file}.gz`));
}

/**
 * Wraps Astro's prerenderer so each page is compressed the moment it renders, not in a pass over 22,000 files
 * after the build: the gzip runs on libuv's threads while the main thread renders the next pages, which is
 * where the second core has room. `onPage` sees each page's HTML (the caller collects its policy).
 *
 * With `build.format: 'file'` the request Astro renders is the page's own file (`/app/nxn/login.html`), so
 * the `.gz` goes beside it. A page whose file this rule misses is still compressed after the build (see
 * uncompressedFiles).
 */
export function compressingPrerenderer(base: AstroPrerenderer, outDir: URL, onPage: (html: string) => void): AstroPrerenderer {
  const writes: Array<Promise<void>> = [];
  const outPath = fileURLToPath(outDir);
  return {
    ...base,
    name: 'portal:compressing',
    async render(request, options) {
      const rendered: Response | PrerenderResult = await base.render(request, options);
      const response = rendered instanceof Response ? rendered : rendered.response;
      const file = decodeURIComponent(new URL(request.url).pathname);
      if ((response.status >= 300 && response.status < 400) || response.body === null || !file.endsWith('.html')) return rendered;
      const bytes = new Uint8Array(await response.arrayBuffer());
      onPage(new TextDecoder().decode(bytes));
      const gzPath = join(outPath, `${file}.gz`);
      writes.push(compress(bytes).then(async (gz) => {
        await mkdir(dirname(gzPath), { recursive: true });
        await writeFile(gzPath, gz);
      }));
      const copy = new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
      return rendered instanceof Response ? copy : { ...rendered, response: copy };
    },
    async teardown() {
      await Promise.all(writes);
      await base.teardown?.();
    },
  };
}
