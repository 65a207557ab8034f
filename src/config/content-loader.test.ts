import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { formatProblem } from './config-errors.ts';
import { contentLoader } from './content-loader.ts';
import { contentFileSchema } from './content-schema.ts';
import { loadCollection } from './loader-test-context.ts';

const CONTENT = join(import.meta.dirname, '../../content');
let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** The content collection as a build loads it (content.config.ts's loader and schema). */
const collection = (contentDir: string) => loadCollection('content', contentLoader({ contentDir }), contentFileSchema);

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
