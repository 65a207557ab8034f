// The recovery flows' vocabulary (spec 3, 4.3, 6, 8). Plain constants, no zod: the recovery page's
// store needs them before the service client (and zod with it) has loaded; the contract's schemas
// are built from these lists.

/** Recovery flows: forgot password, forgot user id, first-time user. */
export const FLOWS = ['FPS', 'FUID', 'FTU'] as const;
export type Flow = (typeof FLOWS)[number];

/** Passcode channels as sent to the service (spec 4.3). */
export const CHANNELS = ['email', 'sms', 'call'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Channels as the auth response lists them: `phone` is the call channel (spec 3). */
export const SUPPORTED_CHANNELS = ['email', 'phone', 'sms'] as const;

/** User types (spec 6); both is the default until the backend check answers, and when it fails. */
export const USER_TYPES = ['internal', 'external', 'both'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** The user type a page's query names (`uti`, spec 6): internal or external, else both (not known yet). */
export function userTypeNamed(value: string | null | undefined): UserType {
  return value === 'internal' || value === 'external' ? value : 'both';
}

/** Verify results of spec 8. */
export const AUTHENTICATION_RESULTS = ['SUCCESS', 'FAILURE'] as const;

/** Transition results of spec 8 (statistics). */
export const TRANSITION_RESULTS = ['Success', 'Failure'] as const;
export type TransitionResult = (typeof TRANSITION_RESULTS)[number];
