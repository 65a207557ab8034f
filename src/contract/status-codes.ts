// Plain constants, apart from the schemas: the recovery page's store needs them before the
// service client (and zod with it) has loaded.

/** Verify error: the ID is locked (access denied). */
export const OTP_ERR_003 = 'OTP_ERR_003';
/** Channel status when the call channel could not reach the user. */
export const STATUS_UNREACHABLE = 'STATUS.UNREACHABLE';
/** Channel status while the callee has not keyed the code yet (emulator; the page keeps polling). */
export const STATUS_PENDING = 'STATUS.PENDING';
