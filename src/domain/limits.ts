// Limits and formats of fields that more than one layer enforces (the page, the contract, the emulator).

/** Passwords are never truncated; 128 covers every password manager. */
export const PASSWORD_MAX_LENGTH = 128;
/** User ids the service takes; longer ones are said, never cut. */
export const USER_ID_MAX_LENGTH = 100;
/** First and last names (spec 5, spec 9). */
export const NAME_MAX_LENGTH = 100;
/** An e-mail address in all, and its local part (spec 5, spec 9). */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

// The spec leaves the allowed user-id set open; ids here are letters, digits and @ . _ -, the set spec 9 names
// for the usage-stats user id. Written as a class body valid in every regular-expression mode, the `v` of an
// input's `pattern` too (a `-` is escaped there).
export const USER_ID_CHARACTER_CLASS = 'A-Za-z0-9@._\\-';

/** Statistics carry the user id only when it is 1 to 50 of those characters (spec 9), else null. */
export const STATS_USER_ID_FORMAT = new RegExp(`^[${USER_ID_CHARACTER_CLASS}]{1,50}$`);

/** Truncation limits of spec 9: the page cuts a value to them, the contract refuses a longer one. */
export const TRUNCATION_LIMITS = {
  url: 512,
  /** A navigation state (a usage record's FROM_STATE and TO_STATE), like the navigation URLs. */
  navigationState: 512,
  clickState: 512,
  headers: 4096,
  contextPath: 150,
  clickFromState: 256,
} as const;
