import { z } from 'zod/mini';
import { contentBlockSchema } from '../contract/content-service.ts';
import type { ContentBlock } from '../contract/content-service.ts';
import { whiteLabelTestUrlsSchema } from '../contract/white-label-test-urls.ts';
import type { WhiteLabelTestGroup } from '../contract/white-label-test-urls.ts';
import { call } from './http.ts';
import { CONTENT_TIMEOUT_MS, RECOVERY_TIMEOUT_MS } from './portal-login-service.ts';
import type { ServiceResult } from './service-errors.ts';

// The calls outside the recovery flow, kept apart so the recovery page does not ship them.

// A page using these calls attaches its HTTP-stats reporter through here: importing the client from a
// second lazily loaded module would split it from the recovery calls into a chunk of its own, which the
// recovery page then pays for.
export { configureServiceClient } from './http.ts';

/** GET /nxn-service/public/wlTestUrls: White Label testing groups. */
export function getWhiteLabelTestUrls(): Promise<ServiceResult<WhiteLabelTestGroup[]>> {
  return call({ method: 'GET', path: '/nxn-service/public/wlTestUrls', timeoutMs: CONTENT_TIMEOUT_MS, schema: whiteLabelTestUrlsSchema });
}

/** GET a content-service block (HTML in block.text). */
export function getContentBlock(request: { site: 'gateway' | 'portal-de-DE'; block: string }): Promise<ServiceResult<ContentBlock>> {
  return call({
    method: 'GET', path: `/app/npx/public/contentsvcs/v1/api/sites/${request.site}/sblocks/open/${encodeURIComponent(request.block)}`,
    timeoutMs: CONTENT_TIMEOUT_MS, schema: contentBlockSchema,
  });
}

/** POST the device fingerprint, form-encoded (its path is not in the spec; this is ours). */
export function postDeviceFingerprint(request: { form: URLSearchParams }): Promise<ServiceResult<unknown>> {
  return call({ method: 'POST', path: '/portal-login-service/public/device-print', form: request.form, timeoutMs: RECOVERY_TIMEOUT_MS, schema: z.unknown() });
}
