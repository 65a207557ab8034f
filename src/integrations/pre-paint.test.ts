import { join } from 'node:path';
import { expect, test } from 'vitest';
import { compilePrePaint } from './pre-paint.ts';

// compilePrePaint lowers syntax to ES5 (esbuild refuses what it cannot lower), but it adds no library: a shared
// function that calls Array.prototype.find or String.prototype.startsWith compiles fine and throws in IE11, before
// the page paints. These scripts run in every browser spec 9 supports, IE-class ones included (the redirects, the
// white-label cookie, the plain login form): their compiled text may call nothing IE11 lacks.
const FOR_EVERY_BROWSER = [
  '../page-scripts/language-redirect.ts',
  '../page-scripts/language-redirect-remember.ts',
  '../page-scripts/root-redirect.ts',
  '../page-scripts/remember-brand-on-submit.ts',
  '../page-scripts/remember-brand-without-query.ts',
  '../page-scripts/login-form-action.ts',
  '../page-scripts/fill-user-id.ts',
  '../page-scripts/user-type-mark.ts',
  // An old browser has no WebAuthn: the gate must mark it, not throw, before the page paints.
  '../page-scripts/webauthn-gate.ts',
];

/** What IE11 cannot run: ES2015+ syntax, and the library calls and globals it lacks that a shared function may reach for. */
const NOT_IN_IE11: ReadonlyArray<readonly [string, RegExp]> = [
  ['ES2015 syntax', /=>|\blet\b|\bconst\b|`|\.\.\.|\bclass\b/],
  ['an ES2015+ array or string method', /\.(find|findIndex|findLast|includes|startsWith|endsWith|padStart|padEnd|repeat|replaceAll|trimStart|trimEnd|flat|flatMap|at|fill|copyWithin|codePointAt|normalize)\(/],
  ['a DOM method IE11 lacks', /\.(closest|append|prepend|replaceWith|before|after|toggleAttribute)\(/],
  ['an ES2015+ global', /\b(Array\.(from|of)|Object\.(assign|entries|values|fromEntries)|Number\.(isFinite|isInteger|isNaN|parseFloat|parseInt)|Promise|Symbol|Map|Set|WeakMap|WeakSet|Proxy|Reflect|URLSearchParams|URL|fetch)\b/],
];

test('the scripts every browser runs use only what IE11 has', async () => {
  for (const entry of FOR_EVERY_BROWSER) {
    const { code } = await compilePrePaint(join(import.meta.dirname, entry));
    expect(code.length, entry).toBeGreaterThan(0);
    for (const [what, pattern] of NOT_IN_IE11) expect(pattern.exec(code)?.[0], `${entry} uses ${what}`).toBeUndefined();
  }
}, 60_000);

test('the check sees a library call a shared function would bring in', () => {
  const [, method] = NOT_IN_IE11[1] ?? ['', /$^/];
  expect(method.test('return LANGUAGES.find(function(l){return l===v})')).toBe(true);
  expect(method.test('if(p.indexOf(n)===0)')).toBe(false);
});
