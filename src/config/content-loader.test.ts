import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { afterEach, describe, expect, test } from 'vitest';
import { formatProblem } from './config-errors.ts';
import { contentLoader } from './content-loader.ts';
import { contentFileSchema } from './content-schema.ts';
import type { ContentFile } from './content-schema.ts';

const CONTENT = join(import.meta.dirname, '../../content');
let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The collection as Astro runs the loader in a build: its store, and parseData checking each entry by the collection's schema. */
async function collection(contentDir: string) {
  const stored = new Map<string, ContentFile>();
  const parsed: string[] = [];
  const context = {
    collection: 'content',
    store: {
      set: ({ id, data }: { id: string; data: ContentFile }) => stored.set(id, data),
      delete: (id: string) => stored.delete(id),
      clear: () => { stored.clear(); },
    },
    parseData: async ({ id, data }: { id: string; data: unknown }) => {
      parsed.push(id);
      return contentFileSchema.parseAsync(data);
    },
    generateDigest: (data: unknown) => JSON.stringify(data).length.toString(16),
  } as unknown as LoaderContext;
  await contentLoader({ contentDir }).load(context);
  return { entries: stored, parsed };
}

describe('the content collection', () => {
  test('holds every content file as sanitized HTML, each checked by the collection schema on its way in', async () => {
    const { entries, parsed } = await collection(CONTENT);
    expect(parsed.length).toBeGreaterThan(0);
    expect([...entries.keys()].sort()).toEqual([...parsed].sort());
    for (const entry of entries.values()) expect(entry).toEqual({ file: expect.stringMatching(/^content\/(gateway|portal-de-de)\/.+\.json$/), html: expect.any(String) });
  });

  test('keeps a broken file as its problems, in the words the build prints', async () => {
    dir = mkdtempSync(join(tmpdir(), 'content-loader-'));
    cpSync(CONTENT, dir, { recursive: true });
    writeFileSync(join(dir, 'gateway', 'termsOfUse.json'), '{"page": {"title_s": "Terms"}}');
    const { entries } = await collection(dir);
    const broken = entries.get('gateway/termsOfUse');
    expect(broken && 'problems' in broken ? broken.problems.map(formatProblem).join('\n') : broken).toMatch(/content\/gateway\/termsOfUse\.json.*text_s/s);
  });

  test('the schema refuses an entry that is neither HTML nor problems', () => {
    expect(contentFileSchema.safeParse({ file: 'content/gateway/x.json' }).success).toBe(false);
    expect(contentFileSchema.safeParse({ file: 'content/gateway/x.json', problems: [] }).success).toBe(false);
    expect(contentFileSchema.safeParse({ file: 'content/gateway/x.json', html: '<p>x</p>', extra: 1 }).success).toBe(false);
  });
});
