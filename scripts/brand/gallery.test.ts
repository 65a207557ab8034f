import { expect, test } from 'vitest';
import { LOGIN_MESSAGES } from '../../src/lib/login-messages.ts';
import { cellKey, renderSheet } from './gallery-sheet.ts';
import type { SheetInput } from './gallery-sheet.ts';
import { STATES, withAncestors } from './gallery-states.ts';
import type { ShotResult } from './gallery-states.ts';

// The sign-off sheet (issue 44): every page type and state a brand manager approves, and a sheet that says which
// pictures it lacks. That each state is reached and pictured in both languages: tests/e2e/gallery-states.spec.ts.

const names = STATES.map(({ name }) => name);

test('the sheet lists every page type and state of issue 44', () => {
  expect(names).toEqual(expect.arrayContaining([
    'Login', ...[...LOGIN_MESSAGES, 'Something else'].map((message) => `Login: "${message}"`),
    'Login: the support dialog', 'Login: the old-browser dialog (Internet Explorer)',
    'Passkey offer (after a password sign-in)', 'Your passkeys (signed in, one passkey)', 'Your passkeys: rename',
    'Forgot password', 'Forgot password: choose where the passcode goes', 'Forgot password: enter the passcode', 'Forgot password: a wrong passcode',
    'Forgot password: choose a new password', 'Change password: the previous password refused, rules not met',
    'Forgot password: done (back at login, the success message)', 'Forgot password: an account locked at the passcode', 'Forgot password: an unknown user ID',
    'Forgot user ID', 'Forgot user ID: choose where the passcode goes', 'Forgot user ID: the user ID sent', 'Change password',
    'Logged out', 'Session expired', 'Access denied', 'System unavailable', 'Outage', 'System requirements', 'Terms of use', 'Cookie policy', 'Page not found',
  ]));
  expect(new Set(names).size).toBe(names.length);
});

test('a state goes on only from one listed before it, and a run of some states takes the ones they need', () => {
  for (const [index, { name, from }] of STATES.entries()) {
    if (from !== undefined) expect(names.slice(0, index), name).toContain(from);
  }
  expect(withAncestors(['Your passkeys: rename']).map(({ name }) => name)).toEqual(['Passkey offer (after a password sign-in)', 'Your passkeys (signed in, one passkey)', 'Your passkeys: rename']);
});

const sheet = (results: Map<string, ShotResult>, complete: boolean): SheetInput => ({
  keys: ['acme'], defaultBrand: 'nxn', states: withAncestors(['Your passkeys (signed in, one passkey)']), languages: ['en-US'], widths: [390], results, complete, builtAt: 'now',
});

test('a picture that could not be taken is in its place and at the top, with its reason', () => {
  const results = new Map<string, ShotResult>([
    [cellKey('acme', 'en-US', 390, 'Passkey offer (after a password sign-in)'), { ok: false, reason: '.passkey-page--offer[data-ready] never showed on /app/acme/login' }],
    [cellKey('acme', 'en-US', 390, 'Your passkeys (signed in, one passkey)'), { ok: false, reason: 'needs "Passkey offer (after a password sign-in)", which failed: .passkey-page--offer[data-ready] never showed on /app/acme/login' }],
    [cellKey('nxn', 'en-US', 390, 'Passkey offer (after a password sign-in)'), { ok: true, image: 'data:image/jpeg;base64,AAAA', landed: { path: '/app/nxn/passkey', headings: [] } }],
  ]);
  const html = renderSheet(sheet(results, true));
  const section = (id: string) => html.slice(html.indexOf(`<section id="${id}">`), html.indexOf('</section>', html.indexOf(`<section id="${id}">`)));
  expect(html).toContain('<h2>2 pictures could not be taken</h2>');
  expect(html).toContain('<li><a href="#acme-your-passkeys-signed-in-one-passkey-">acme: Your passkeys (signed in, one passkey)</a>, en-US, 390 px: needs &quot;Passkey offer');
  const offer = section('acme-passkey-offer-after-a-password-sign-in-');
  expect(offer).toContain('<figure class="failed"><figcaption>acme</figcaption><p><strong>Could not be taken:</strong> .passkey-page--offer[data-ready] never showed on /app/acme/login</p></figure>');
  expect(offer).toContain('<figcaption>nxn (default brand) <small>/app/nxn/passkey</small></figcaption><img src="data:image/jpeg;base64,AAAA"');
  // Not taken yet (the run goes on, or stopped): said in its place, never left out.
  expect(section('acme-your-passkeys-signed-in-one-passkey-')).toContain('<figure class="pending"><figcaption>nxn (default brand)</figcaption><p>Not taken yet.</p></figure>');
  expect(renderSheet(sheet(new Map(), false))).toContain('Incomplete: the run is still going or stopped.');
});
