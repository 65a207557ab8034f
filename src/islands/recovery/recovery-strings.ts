// The texts the wizard needs, as one flat record of translation keys to strings (given as props).
export const RECOVERY_STRING_KEYS = [
  'recovery.fps.heading', 'recovery.ftu.heading', 'recovery.fuid.heading',
  'recovery.request.userId', 'recovery.request.firstName', 'recovery.request.lastName', 'recovery.request.emailId', 'recovery.request.continue',
  'recovery.request.cancel', 'recovery.request.forgotUserId', 'recovery.request.fpsIntro', 'recovery.request.ftuIntro', 'recovery.request.fuidIntro',
  'recovery.field.required', 'recovery.field.invalidUserId', 'recovery.field.invalidFirstName', 'recovery.field.invalidLastName', 'recovery.field.invalidEmail',
  'recovery.field.userIdTooLong', 'recovery.field.firstNameTooLong', 'recovery.field.lastNameTooLong',
  'recovery.field.requiredFix', 'recovery.field.noSpacesFix', 'recovery.field.asteriskFix', 'recovery.field.invisibleFix',
  'recovery.field.otpRequired', 'recovery.field.otpTooShort', 'recovery.field.otpTooLong', 'recovery.field.otpDigits', 'recovery.otp.challenge', 'recovery.otp.option', 'recovery.otp.channel.email', 'recovery.otp.channel.sms', 'recovery.otp.channel.call',
  'recovery.otp.send', 'recovery.otp.callChallengeError', 'recovery.otp.noChannel', 'recovery.busy', 'recovery.verify.sentTo', 'recovery.verify.expiry',
  'recovery.verify.code', 'recovery.verify.show', 'recovery.verify.hide', 'recovery.verify.submit', 'recovery.verify.back', 'recovery.verify.resend', 'recovery.verify.resent', 'recovery.verify.resendWait', 'recovery.verify.resendReady',
  'recovery.verify.callIntro', 'recovery.verify.callCode', 'recovery.verify.callWaiting', 'recovery.verify.error', 'recovery.verify.expired', 'recovery.verify.void', 'recovery.verify.alreadySent',
  'recovery.error.heading', 'recovery.error.text', 'recovery.error.goToLogin', 'recovery.info.heading', 'recovery.info.sent', 'recovery.info.back',
  'recovery.errors.generic', 'recovery.errors.channelLookup', 'recovery.errors.forgotUser', 'recovery.errors.forgotUserWl', 'recovery.errors.timeout',
  'recovery.errors.network', 'recovery.errors.rateLimited', 'common.form.incomplete',
] as const;

type RecoveryStringKey = (typeof RECOVERY_STRING_KEYS)[number];
export type RecoveryStrings = Record<RecoveryStringKey, string>;

/** Fills `{{name}}` placeholders of an already translated text. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => String(values[name] ?? match));
}
