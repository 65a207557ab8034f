import { whiteLabelTestUrlsSchema } from '../contract/white-label-test-urls.ts';
import type { WhiteLabelTestGroup } from '../contract/white-label-test-urls.ts';
import { createHttpClient } from './http.ts';
import type { ClientConfig } from './http.ts';
import { CONTENT_TIMEOUT_MS } from './portal-login-service.ts';
import type { ServiceResult } from './service-errors.ts';

// The calls outside the recovery flow, kept apart so the recovery page does not ship them.

/** The login page's calls besides the login post. */
export interface PortalSupportService {
  /** GET /nxn-service/public/wlTestUrls: White Label testing groups. */
  getWhiteLabelTestUrls: () => Promise<ServiceResult<WhiteLabelTestGroup[]>>;
}

/** The login page's client, created with its hooks (the HTTP-stats reporter). */
export function createPortalSupportService(config: ClientConfig): PortalSupportService {
  const http = createHttpClient(config);
  return {
    getWhiteLabelTestUrls: () => http.call({ method: 'GET', path: '/nxn-service/public/wlTestUrls', timeoutMs: CONTENT_TIMEOUT_MS, schema: whiteLabelTestUrlsSchema }),
  };
}
