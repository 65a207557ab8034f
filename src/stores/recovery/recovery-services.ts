import { codeLoader } from '../../lib/code-loader.ts';
import type { HttpStat } from '../../services/http.ts';
import type { PortalLoginService } from '../../services/portal-login-service.ts';

/** The calls the recovery wizard makes; injected so store tests use recorded answers. */
export type RecoveryServices = PortalLoginService;

/** The real portal-login-service and a way to fetch its code ahead of the first call. */
export interface LiveServices {
  services: RecoveryServices;
  preload: () => void;
}

/**
 * The page's recovery client, loaded on first use: the request step paints and takes input without it (ky
 * and the response schemas are most of the page's script). It is created once, with its hooks: every call
 * reports to HTTP stats through `reportHttpStat`. A call whose client code cannot be loaded rejects with the
 * loader's CodeLoadError, which the store turns into its code failure; the next call loads afresh. `baseUrl`
 * is for tests against a server elsewhere.
 */
export function liveServices(reportHttpStat: (stat: HttpStat) => void, options: { baseUrl?: string } = {}): LiveServices {
  const code = codeLoader(() => import('../../services/portal-login-service.ts'));
  let created: PortalLoginService | undefined;
  const client = async () => (created ??= (await code.load()).createPortalLoginService({ reportHttpStat, ...options }));
  return {
    preload: () => { code.use(() => undefined); },
    services: {
      requestOtpChannels: async (request) => (await client()).requestOtpChannels(request),
      generateOtp: async (request) => (await client()).generateOtp(request),
      resendOtp: async (request) => (await client()).resendOtp(request),
      verifyOtp: async (request) => (await client()).verifyOtp(request),
      emailTemporaryPassword: async (request) => (await client()).emailTemporaryPassword(request),
      lookupForgottenUser: async (request) => (await client()).lookupForgottenUser(request),
      emailUserId: async (request) => (await client()).emailUserId(request),
      checkUserType: async (request) => (await client()).checkUserType(request),
      decryptIdentifier: async (request) => (await client()).decryptIdentifier(request),
    },
  };
}
