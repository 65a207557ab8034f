import { expect, test } from 'vitest';
import { buildEnvironment } from './build-environment.ts';

test('a build is MOCK unless PORTAL_ENVIRONMENT names another environment', () => {
  expect(buildEnvironment({})).toBe('MOCK');
  expect(buildEnvironment({ PORTAL_ENVIRONMENT: ' QA ' })).toBe('QA');
  expect(() => buildEnvironment({ PORTAL_ENVIRONMENT: 'PROD' })).toThrow('PORTAL_ENVIRONMENT: (value): "PROD" is not an environment: one of LOCAL, MOCK, DEV, XAT, QA, PRODUCTION');
});

test('on a static host\'s Git integration, which publishes what it builds, a test build stops the build', () => {
  expect(() => buildEnvironment({ NETLIFY: 'true' })).toThrow('PORTAL_ENVIRONMENT: (value): a MOCK build is a test build and Netlify publishes what it builds: set PORTAL_ENVIRONMENT (PRODUCTION, QA, XAT or DEV) in the site\'s environment variables');
  expect(() => buildEnvironment({ CF_PAGES: '1', PORTAL_ENVIRONMENT: 'LOCAL' })).toThrow('a LOCAL build is a test build and Cloudflare Pages publishes what it builds');
  expect(buildEnvironment({ CF_PAGES: '1', PORTAL_ENVIRONMENT: 'PRODUCTION' })).toBe('PRODUCTION');
  expect(buildEnvironment({ NETLIFY: 'true', PORTAL_ENVIRONMENT: 'QA' })).toBe('QA');
});
