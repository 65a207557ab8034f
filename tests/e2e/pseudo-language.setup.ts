import { test } from '@playwright/test';
import { buildPseudoProject } from '../support/pseudo-project.ts';
import { PSEUDO_BRANDS } from './support/pseudo-walk.ts';

// Builds the pseudo-language walk's site once per run, before any worker serves it: a copy of the checkout
// with a pseudo-language of its own, en-XA, made from en-US and added by the docs' steps (tests/support/pseudo-project.ts),
// offered and built for the walked brand (and the app sheet's).
test('the pseudo-language build of the walked brand and the app sheet\'s', () => {
  // Not a sleep: a copy and an `astro build` of two brands take 8 s alone, longer beside the other projects.
  test.setTimeout(180_000);
  buildPseudoProject(new URL('../..', import.meta.url).pathname, PSEUDO_BRANDS);
});
