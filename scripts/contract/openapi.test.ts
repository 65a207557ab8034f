import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { buildOpenApiDocument, OPENAPI_PATH, openApiText } from './openapi.ts';

test('docs/api/openapi.json is what the contract\'s schemas make (else: npm run docs:api:generate)', () => {
  expect(readFileSync(OPENAPI_PATH, 'utf8'), 'docs/api/openapi.json differs from src/contract/: run npm run docs:api:generate').toBe(openApiText());
});

test('the document has every call of spec 7, the passkey calls, the XSRF token, SiteMinder\'s forms and the metrics endpoints', () => {
  const { paths } = buildOpenApiDocument();
  const operations = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
  expect(operations).toEqual(expect.arrayContaining([
    'GET /portal-login-service/public/xsrf',
    'POST /portal-login-service/public/fps/auth', 'POST /portal-login-service/public/fps/generate-otp', 'POST /portal-login-service/public/fps/verify-otp',
    'POST /portal-login-service/public/fps/email/{userId}', 'POST /portal-login-service/public/fuid/emails', 'POST /portal-login-service/public/fuid/lookup',
    'GET /portal-login-service/public/uti/{userId}', 'POST /portal-login-service/public/uti/decrypt', 'POST /portal-login-service/public/change',
    'POST /portal-login-service/public/passkey/authentication/options', 'POST /portal-login-service/public/passkey/authentication/verify',
    'POST /portal-login-service/passkey/registration/options', 'POST /portal-login-service/passkey/registration/verify',
    'GET /portal-login-service/passkey/credentials', 'PATCH /portal-login-service/passkey/credentials/{id}', 'DELETE /portal-login-service/passkey/credentials/{id}',
    'POST /portal-login-service/passkey/offer/decline',
    'POST /login/forms/bg/ProcessLogin.fcc', 'POST /pw/forms/smpwservices.fcc', 'GET /apps/home', 'GET /login/logout.html',
    'POST /nxn-metrics/analytics/metrics', 'POST /nxn-service/public/logDpStats/{eventName}', 'POST /app/pmg/nxn-metrics/analytics/',
    'POST /DPMonitor/rest/v1/dpevents/', 'POST /nxn-service/public/clickMonitor', 'GET /nxn-service/public/wlTestUrls',
  ]));
  const rename = paths['/portal-login-service/passkey/credentials/{id}']?.['patch'];
  expect(JSON.stringify(rename?.responses['401'])).toContain('REAUTH_REQUIRED');
  expect(JSON.stringify(paths['/portal-login-service/public/fps/auth']?.['post']?.responses['403'])).toContain('"XSRF"');
  expect(paths['/portal-login-service/public/fps/auth']?.['post']?.security).toEqual([{ xsrfHeader: [], xsrfCookie: [] }]);
  // The reference page shows no `x-redirects`: each 302's Location says the query its destination carries.
  expect(paths['/login/forms/bg/ProcessLogin.fcc']?.['post']?.responses['302']?.headers?.['Location']?.description)
    .toContain('`/app/{wl}/login?SMQUERYDATA&SMUSRMSG=Invalid Credentials|Account Locked|Too Many Attempts&SMAUTHREASON&SMAUTHSTATUS&TARGET`');
});
