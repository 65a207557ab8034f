import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

// Issue 16 point 8: the client offers no call that no flow makes. Spec 7 gives the `change` call, the
// device-fingerprint POST and the content service's `sblocks` call no place in a flow, so the browser code
// carries none of them (the emulator still answers `change`, as spec 7 lists it).

const SRC = join(import.meta.dirname, '..');

/** Every non-test source file of the browser code, with its text. */
function browserSources(): Array<{ file: string; text: string }> {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|astro)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));
}

/** The contract's table of every call (issue 46): it documents spec 7's `change` too, for the service team's document. */
const CONTRACT_TABLE = 'contract/service-calls.ts';

test('no browser code calls portal-login-service change, a device-fingerprint endpoint or the sblocks content blocks', () => {
  const callers = browserSources()
    .filter(({ file, text }) => file !== CONTRACT_TABLE && /\/change['"`]|device-print|sblocks/.test(text))
    .map(({ file }) => file);
  expect(callers).toEqual([]);
  // The table is read only by the document's generator and the contract audit, never by what the browser runs.
  expect(browserSources().filter(({ text }) => text.includes('service-calls.ts')).map(({ file }) => file)).toEqual([]);
});

test('every call the recovery client offers is one the recovery store makes', () => {
  const client = readFileSync(join(SRC, 'services/portal-login-service.ts'), 'utf8');
  const store = readFileSync(join(SRC, 'stores/recovery/recovery-effects.ts'), 'utf8');
  const offered = [...client.matchAll(/^ {4}(\w+): \(request\) => http\.call/gm)].map((match) => match[1]);
  expect(offered.length).toBeGreaterThan(8);
  expect(offered.filter((name) => !store.includes(`deps.services.${name ?? ''}(`))).toEqual([]);
});
