// Length limits of fields that more than one layer enforces.

/** Passwords are never truncated; 128 covers every password manager. */
export const PASSWORD_MAX_LENGTH = 128;
