import type { HttpStat } from '../../services/http.ts';
import type * as service from '../../services/portal-login-service.ts';

/** The calls the recovery wizard makes; injected so store tests use recorded answers. */
export interface RecoveryServices {
  requestOtpChannels: typeof service.requestOtpChannels;
  generateOtp: typeof service.generateOtp;
  resendOtp: typeof service.resendOtp;
  verifyOtp: typeof service.verifyOtp;
  emailTemporaryPassword: typeof service.emailTemporaryPassword;
  lookupForgottenUser: typeof service.lookupForgottenUser;
  emailUserId: typeof service.emailUserId;
  checkUserType: typeof service.checkUserType;
  decryptIdentifier: typeof service.decryptIdentifier;
}

/** The real portal-login-service and a way to fetch its code ahead of the first call. */
export interface LiveServices {
  services: RecoveryServices;
  preload: () => void;
}

/**
 * The real portal-login-service, loaded on first use: the request step paints and takes input
 * without the client (ky and the response schemas are most of the page's script). Every call of
 * the client reports to HTTP stats through `reportHttpStat`.
 */
export function liveServices(reportHttpStat: (stat: HttpStat) => void): LiveServices {
  let client: Promise<typeof service> | undefined;
  const load = () => (client ??= import('../../services/portal-login-service.ts').then((module) => {
    module.configureServiceClient({ reportHttpStat });
    return module;
  }));
  return {
    preload: () => void load(),
    services: {
      requestOtpChannels: async (request) => (await load()).requestOtpChannels(request),
      generateOtp: async (request) => (await load()).generateOtp(request),
      resendOtp: async (request) => (await load()).resendOtp(request),
      verifyOtp: async (request) => (await load()).verifyOtp(request),
      emailTemporaryPassword: async (request) => (await load()).emailTemporaryPassword(request),
      lookupForgottenUser: async (request) => (await load()).lookupForgottenUser(request),
      emailUserId: async (request) => (await load()).emailUserId(request),
      checkUserType: async (request) => (await load()).checkUserType(request),
      decryptIdentifier: async (request) => (await load()).decryptIdentifier(request),
    },
  };
}
