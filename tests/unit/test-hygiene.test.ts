import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedSleeps, longSpecs, MAX_FIXED_SLEEPS, MAX_SPEC_LINES, testCode } from './test-hygiene.ts';

const root = join(import.meta.dirname, '../..');
const sleepsIn = (text: string) => fixedSleeps(new Map([['a.spec.ts', text]])).map(({ line, justified }) => ({ line, justified }));

describe('test hygiene (issue 31)', () => {
  it(`no end-to-end spec is over ${String(MAX_SPEC_LINES)} lines: split it by what it tests, shared setup in tests/e2e/support/`, () => {
    expect(longSpecs(root)).toEqual([]);
  });

  it(`the tests hold at most ${String(MAX_FIXED_SLEEPS)} fixed sleeps, each justified in a "Fixed sleep:" comment`, () => {
    const sleeps = fixedSleeps(testCode(root));
    const listed = sleeps.map(({ file, line, code }) => `${file}:${String(line)} ${code}`);
    expect(sleeps.length, `fixed sleeps (wait for a condition instead: an event, a response, expect.poll, a frame):\n${listed.join('\n')}`).toBeLessThanOrEqual(MAX_FIXED_SLEEPS);
    expect(sleeps.filter(({ justified }) => !justified).map(({ file, line, code }) => `${file}:${String(line)} ${code}`), 'fixed sleeps without a "Fixed sleep:" comment saying why').toEqual([]);
  });

  it('reads the code the tests run: tests/ and the scripts they import or start', () => {
    const files = [...testCode(root).keys()];
    expect(files).toEqual(expect.arrayContaining(['tests/e2e/passkeys.spec.ts', 'tests/journeys/base-driver.ts', 'scripts/deploy/run-nginx.ts', 'scripts/server/start.ts', 'scripts/server/portal-server.ts']));
    expect(files.filter((file) => file.startsWith('scripts/screenshots/'))).toEqual([]);
  });
});

describe('what counts as a fixed sleep', () => {
  it('counts waitForTimeout, a promise a timer resolves (here or in the page), timers/promises, and the calls of a helper that only sleeps', () => {
    expect(sleepsIn(`
      await page.waitForTimeout(300);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await page.evaluate(() => new Promise((done) => { window.setTimeout(() => done(), 50); }));
      const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
      async function nap() { await pause(10); }
      await nap();
      await pause(100);
    `)).toEqual([2, 3, 4, 7, 8].map((line) => ({ line, justified: false })));
    expect(sleepsIn(`import { setTimeout as sleep } from 'node:timers/promises';\nawait sleep(100);`)).toEqual([{ line: 2, justified: false }]);
  });

  it('does not count a poll step of a loop that waits for a condition with a deadline, fake time, or a time limit', () => {
    expect(sleepsIn(`
      while (Date.now() < deadline) { if (await ready()) return; await pause(100); }
      for (let tries = 0; tries < 50 && (await asleep()); tries += 1) await page.waitForTimeout(100);
      for (;;) { try { await fetch(url); break; } catch { if (Date.now() > deadline) throw new Error('down'); await new Promise((r) => setTimeout(r, 200)); } }
      while (!existsSync(file) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 500));
      await page.clock.runFor(31_000);
      await Promise.race([work, new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 1000))]);
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    `)).toEqual([]);
  });

  it('counts a sleep in a loop that only repeats it (no deadline, or nothing to wait for)', () => {
    expect(sleepsIn(`
      for (const step of steps) { await step(); await page.waitForTimeout(100); }
      for (let i = 0; i < 3; i += 1) await page.waitForTimeout(1000);
      for (;;) { if (await ready()) break; await page.waitForTimeout(100); }
    `).map(({ line }) => line)).toEqual([2, 3, 4]);
  });

  it('a sleep is justified by a comment above its statement that begins "Fixed sleep:"', () => {
    expect(sleepsIn(`
      // Fixed sleep: the latency of the network being faked, not a wait of the test.
      await new Promise((resolve) => setTimeout(resolve, 500));
      /** Fixed sleep: why. */
      await page.waitForTimeout(1);
      // A sleep.
      await page.waitForTimeout(2);
    `)).toEqual([{ line: 3, justified: true }, { line: 5, justified: true }, { line: 7, justified: false }]);
  });
});
