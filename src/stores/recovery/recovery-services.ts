import * as service from '../../services/portal-login-service.ts';

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

/** The real portal-login-service. */
export const liveServices: RecoveryServices = service;
