import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { compilePrePaint } from '../integrations/pre-paint.ts';

// The gate as the pages inline it: compiled from its TypeScript source with the build's RP ID, run before the first
// paint in a page on `host`. Its classes are what the passkey UI's styles and scripts read.

const entry = join(import.meta.dirname, 'webauthn-gate.ts');

async function classesOn(host: string, rpId: string | null, webAuthn = true): Promise<string> {
  const { code } = await compilePrePaint(entry, { PORTAL_PASSKEY_RP_ID: rpId });
  const root = { className: 'js' };
  runInNewContext(code, { window: webAuthn ? { PublicKeyCredential: function PublicKeyCredential() { /* WebAuthn is there */ } } : {}, document: { documentElement: root }, location: { hostname: host } });
  return root.className;
}

test('a host that is the RP ID or under it shows passkeys; any other host waits for the related-origins answer', async () => {
  expect(await classesOn('nxn.example', 'nxn.example')).toBe('js');
  expect(await classesOn('login.nxn.example', 'nxn.example')).toBe('js');
  expect(await classesOn('login.cwa.example', 'nxn.example')).toBe('js passkey-related');
  // A host that merely ends in the same letters is not under it.
  expect(await classesOn('evilnxn.example', 'nxn.example')).toBe('js passkey-related');
  expect(await classesOn('nxn.example.evil.test', 'nxn.example')).toBe('js passkey-related');
});

test('without an RP ID in the build (MOCK, LOCAL) every host is its own RP ID', async () => {
  expect(await classesOn('127.0.0.1', null)).toBe('js');
  expect(await classesOn('localhost', null)).toBe('js');
});

test('a browser without WebAuthn hides the passkey UI wherever it is', async () => {
  expect(await classesOn('login.nxn.example', 'nxn.example', false)).toBe('js no-webauthn');
  expect(await classesOn('login.cwa.example', null, false)).toBe('js no-webauthn');
});

test('the RP ID is the build\'s data, in the script as a string, with no hand-written copy of the rule', async () => {
  const { code } = await compilePrePaint(entry, { PORTAL_PASSKEY_RP_ID: 'nxn.example' });
  expect(code).toContain('"nxn.example"');
  expect(code).not.toContain('PORTAL_PASSKEY_RP_ID');
});
