import { randomInt } from 'node:crypto';

/** Passcodes stay valid 20 minutes (spec 9). */
export const PASSCODE_TTL_MS = 20 * 60 * 1000;
/** After this many wrong tries the passcode is void (design.md). */
export const MAX_WRONG_TRIES = 5;

/** A 6-digit passcode from a CSPRNG. */
export function newPasscode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
