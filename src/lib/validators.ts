// Field rules of spec 5 as pure functions returning closed error keys; views translate the keys.
import { PASSWORD_MAX_LENGTH } from '../domain/limits.ts';

export type LoginUserIdError = 'required' | 'hasWhitespace' | 'invalidCharacters';
export type LoginPasswordError = 'required' | 'tooShort' | 'tooLong' | 'hasWhitespace';
export type RecoveryUserIdError = 'required' | 'hasWhitespace';
export type NameError = 'required' | 'tooLong' | 'asterisk' | 'invisibleCharacters';
export type EmailError = 'required' | 'invalidEmail';
export type OtpError = 'required' | 'tooLong' | 'notDigits';

// The spec leaves the allowed user-id set open; ids here are letters, digits and @ . _ -.
const USER_ID_CHARACTERS = /^[A-Za-z0-9@._-]+$/;
/** The shortest password the login form accepts before asking the server (spec leaves it open). */
export const LOGIN_PASSWORD_MIN_LENGTH = 4;
export const NAME_MAX_LENGTH = 100;
export const OTP_MAX_LENGTH = 6;

/** spec 5 whitespace validator (error key hasWhitespace): invalid if it contains any white space. */
export function hasWhitespace(value: string): boolean {
  return /\s/.test(value);
}

/** spec 5 special-characters validator: < > ( ) ' \ / , " * ? or script, javascript:, eval patterns. */
export function hasSpecialCharacters(value: string): boolean {
  return /[<>()'\\/,"*?]/.test(value) || /script/i.test(value) || /javascript\s*:/i.test(value) || /eval\s*\(/i.test(value);
}

export function validateLoginUserId(value: string): LoginUserIdError | null {
  if (value === '') return 'required';
  if (hasWhitespace(value)) return 'hasWhitespace';
  if (!USER_ID_CHARACTERS.test(value) || value.length > 100) return 'invalidCharacters';
  return null;
}

export function validateLoginPassword(value: string): LoginPasswordError | null {
  if (value === '') return 'required';
  if (hasWhitespace(value)) return 'hasWhitespace';
  if (value.length < LOGIN_PASSWORD_MIN_LENGTH) return 'tooShort';
  // Said, never cut: an input maxlength would silently truncate a pasted or generated password.
  if (value.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

export function validateRecoveryUserId(value: string): RecoveryUserIdError | null {
  if (value.trim() === '') return 'required';
  if (hasWhitespace(value)) return 'hasWhitespace';
  return null;
}

/**
 * spec 5 names: required, at most 100 characters, no asterisk; nothing else is refused, so O'Brien,
 * "Smith, Jr." and Scriptorius pass. Names stay harmless by how they travel (JSON bodies) and show
 * (React text nodes), not by refusing real names. Control and direction-override characters are
 * refused too: no one types them into a name, and they would make the name read differently.
 */
export function validateName(value: string): NameError | null {
  if (value.trim() === '') return 'required';
  if (Array.from(value).length > NAME_MAX_LENGTH) return 'tooLong';
  if (value.includes('*')) return 'asterisk';
  if (/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(value)) return 'invisibleCharacters';
  return null;
}

/** spec 5: local part, @, domain, a 2-4 letter top-level domain; 254 in all, 64 in the local part. */
export function validateEmail(value: string): EmailError | null {
  if (value.trim() === '') return 'required';
  if (value.length > 254) return 'invalidEmail';
  const match = /^([A-Za-z0-9!#$%&'*+=?^_`{|}~.-]+)@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)\.([A-Za-z]{2,4})$/.exec(value);
  if (!match || (match[1] ?? '').length > 64 || (match[1] ?? '').startsWith('.') || (match[1] ?? '').includes('..')) return 'invalidEmail';
  return null;
}

export function validateOtp(value: string): OtpError | null {
  if (value.trim() === '') return 'required';
  if (value.length > OTP_MAX_LENGTH) return 'tooLong';
  if (!/^\d+$/.test(value)) return 'notDigits';
  return null;
}
