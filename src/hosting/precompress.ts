import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverDirOf } from './dist-layout.ts';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroPrerenderer, PrerenderResult } from 'astro';

/** The text files a server sends compressed: every one gets a `.gz` copy in the server folder (serverDirOf). */
const COMPRESSIBLE = '**/*.{html,js,css,svg,json,txt}';

/** The compressible files of `distDir` that have no `.gz` copy yet. */
export function uncompressedFiles(distDir: string): string[] {
  const compressed = new Set(fg.sync('**/*.gz', { cwd: serverDirOf(distDir), dot: true }));
  return fg.sync(COMPRESSIBLE, { cwd: distDir }).filter((file) => !compressed.has(`${file}.gz`));
}

/**
 * The thread that compresses and writes pages' `.gz` copies. It runs inline source (not a file of its own)
 * because Astro loads this integration from a bundle of the config, where no path to a sibling file holds.
 * Creating a zlib stream per call costs the calling thread about 0.1 ms; over 22,000 pages that was the
 * main thread's time, which renders the pages.
 */
const GZIP_THREAD = `
const { parentPort } = require('node:worker_threads');
const { gzipSync } = require('node:zlib');
const { mkdirSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const made = new Set();
parentPort.on('message', ({ path, bytes }) => {
  try {
    const dir = dirname(path);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(path, gzipSync(bytes, { level: 9 }));
    parentPort.postMessage({ path });
  } catch (error) {
    parentPort.postMessage({ path, error: String(error) });
  }
});
`;

interface GzipThread {
  /** Queues `bytes` to be written, gzipped, to `path`. */
  write(path: string, bytes: Uint8Array): void;
  /** Resolves when every queued file is written (rejects on the first that failed), and ends the thread. */
  close(): Promise<void>;
}

function startGzipThread(): GzipThread {
  const worker = new Worker(GZIP_THREAD, { eval: true });
  let queued = 0;
  let failure: Error | undefined;
  let drained: (() => void) | undefined;
  const settle = () => {
    if (queued === 0) drained?.();
  };
  worker.on('message', (reply: { path: string; error?: string }) => {
    queued -= 1;
    if (reply.error !== undefined) failure ??= new Error(`${reply.path}: ${reply.error}`);
    settle();
  });
  worker.on('error', (error) => {
    failure ??= error;
    queued = 0;
    settle();
  });
  return {
    write(path, bytes) {
      // A thread that died answers nothing more: queueing to it would leave close() waiting for ever.
      if (failure) return;
      queued += 1;
      worker.postMessage({ path, bytes });
    },
    async close() {
      await new Promise<void>((resolve) => {
        drained = resolve;
        settle();
      });
      await worker.terminate();
      if (failure) throw failure;
    },
  };
}

/**
 * Wraps Astro's prerenderer so each page is compressed the moment it renders, not in a pass over 22,000 files
 * after the build: a thread of its own compresses and writes while the main thread renders the next pages,
 * which is where the second core has room. `onPage` sees each page's HTML (the caller collects its policy).
 *
 * With `build.format: 'file'` the request Astro renders is the page's own file (`/app/nxn/login.html`), so
 * the `.gz` goes to the same path in the server folder (`dist-server/app/nxn/login.html.gz`). A page whose file this rule misses is still compressed after the build (see
 * uncompressedFiles).
 */
export function compressingPrerenderer(base: AstroPrerenderer, outDir: URL, onPage: (html: string) => void): AstroPrerenderer {
  const gzDir = serverDirOf(fileURLToPath(outDir));
  let gzipThread: GzipThread | undefined;
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
      gzipThread ??= startGzipThread();
      gzipThread.write(join(gzDir, `${file}.gz`), bytes);
      const copy = new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
      return rendered instanceof Response ? copy : { ...rendered, response: copy };
    },
    async teardown() {
      await gzipThread?.close();
      gzipThread = undefined;
      await base.teardown?.();
    },
  };
}

/**
 * Writes a `.gz` copy (in the server folder) of each compressible file of `distDir` that has none yet (scripts, styles, themes, and
 * any page compressingPrerenderer did not see) with a gzip thread of its own. `onPage` sees each page's HTML.
 * Returns the number of files compressed.
 */
export async function precompressRest(distDir: string, onPage: (html: string) => void): Promise<number> {
  const files = uncompressedFiles(distDir);
  const gzipThread = startGzipThread();
  for (const file of files) {
    const bytes = readFileSync(join(distDir, file));
    if (file.endsWith('.html')) onPage(bytes.toString('utf8'));
    gzipThread.write(join(serverDirOf(distDir), `${file}.gz`), bytes);
  }
  await gzipThread.close();
  return files.length;
}
