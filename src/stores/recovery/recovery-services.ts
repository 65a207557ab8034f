import { lazy } from '../../lib/lazy.ts';
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
 * reports to HTTP stats through `reportHttpStat`. `baseUrl` is for tests against a server elsewhere.
 */
export function liveServices(reportHttpStat: (stat: HttpStat) => void, options: { baseUrl?: string } = {}): LiveServices {
  const client = lazy(() => import('../../services/portal-login-service.ts').then(({ createPortalLoginService }) =>
    createPortalLoginService({ reportHttpStat, ...options })));
  return {
    preload: () => void client.load(),
    services: {
      requestOtpChannels: async (request) => (await client.load()).requestOtpChannels(request),
      generateOtp: async (request) => (await client.load()).generateOtp(request),
      resendOtp: async (request) => (await client.load()).resendOtp(request),
      verifyOtp: async (request) => (await client.load()).verifyOtp(request),
      emailTemporaryPassword: async (request) => (await client.load()).emailTemporaryPassword(request),
      lookupForgottenUser: async (request) => (await client.load()).lookupForgottenUser(request),
      emailUserId: async (request) => (await client.load()).emailUserId(request),
      checkUserType: async (request) => (await client.load()).checkUserType(request),
      decryptIdentifier: async (request) => (await client.load()).decryptIdentifier(request),
    },
  };
}
