// Field rules of spec 5 as pure functions returning closed error keys; views translate the keys.
import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, USER_ID_CHARACTER_CLASS, USER_ID_MAX_LENGTH } from '../domain/limits.ts';

export type LoginUserIdError = 'required' | 'hasWhitespace' | 'invalidCharacters';
export type LoginPasswordError = 'required' | 'tooShort' | 'tooLong' | 'hasWhitespace';
export type RecoveryUserIdError = 'required' | 'hasWhitespace' | 'tooLong';
export type NameError = 'required' | 'tooLong' | 'asterisk' | 'invisibleCharacters';
export type EmailError = 'required' | 'invalidEmail';
export type OtpError = 'required' | 'tooShort' | 'tooLong' | 'notDigits';

const USER_ID_CHARACTERS = new RegExp(`^[${USER_ID_CHARACTER_CLASS}]+$`);
/** The shortest password the login form accepts before asking the server (spec leaves it open). */
export const LOGIN_PASSWORD_MIN_LENGTH = 4;
/** Every passcode the service sends has 6 digits (spec 9: at most 6 characters). */
const OTP_LENGTH = 6;

/**
 * What a visitor means by a user id, a name or an e-mail address: without the blanks a paste brings
 * along at either end (a copied line, a double click that takes the space after a word). Blanks
 * inside stay and are said by the field's rule.
 */
export function withoutSurroundingBlanks(value: string): string {
  return value.trim();
}

/**
 * The passcode as typed or pasted, without the separators e-mails and SMS group codes with:
 * "278 210", "278-210", " 278210 " all give "278210". Anything else stays, so a letter is said,
 * not dropped.
 */
export function normalizeOtp(value: string): string {
  return value.replace(/[\s\-\u2010-\u2015\u2212]/g, '');
}

/**
 * Errors more typing cannot mend (a blank inside, too long, a character that is not allowed): a field says
 * them at once. The others (empty, too short, an e-mail address not finished) wait until the visitor leaves
 * the field, so nobody is told off in the middle of typing.
 */
const FINAL_ERRORS: ReadonlySet<string> = new Set(['hasWhitespace', 'tooLong', 'asterisk', 'invisibleCharacters', 'notDigits']);
export function isFinalError(error: string | null): boolean {
  return error !== null && FINAL_ERRORS.has(error);
}

/** spec 5 whitespace validator (error key hasWhitespace): invalid if it contains any white space. */
export function hasWhitespace(value: string): boolean {
  return /\s/.test(value);
}

export function validateLoginUserId(value: string): LoginUserIdError | null {
  const id = withoutSurroundingBlanks(value);
  if (id === '') return 'required';
  if (hasWhitespace(id)) return 'hasWhitespace';
  if (!USER_ID_CHARACTERS.test(id) || id.length > USER_ID_MAX_LENGTH) return 'invalidCharacters';
  return null;
}

export function validateLoginPassword(value: string): LoginPasswordError | null {
  if (value === '') return 'required';
  if (hasWhitespace(value)) return 'hasWhitespace';
  // Characters, not UTF-16 units: an emoji counts once (as the change-password rules and `pattern` count).
  const length = Array.from(value).length;
  if (length < LOGIN_PASSWORD_MIN_LENGTH) return 'tooShort';
  // Said, never cut: an input maxlength would silently truncate a pasted or generated password.
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

/**
 * The login validators as the login form's constraint attributes (with `required`): a value the `pattern`
 * matches is one the validator above accepts, and no other (validators.test.ts proves it over many values).
 * Built from the same constants; the page's pre-paint gate asks the browser (`:invalid`) instead of carrying a
 * copy of the validators in the login page's tight script budget.
 */
export const LOGIN_PATTERNS = {
  USER: `\\s*[${USER_ID_CHARACTER_CLASS}]{1,${USER_ID_MAX_LENGTH}}\\s*`,
  PASSWRD: `\\S{${LOGIN_PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}`,
} as const;

export function validateRecoveryUserId(value: string): RecoveryUserIdError | null {
  const id = withoutSurroundingBlanks(value);
  if (id === '') return 'required';
  if (hasWhitespace(id)) return 'hasWhitespace';
  if (id.length > USER_ID_MAX_LENGTH) return 'tooLong';
  return null;
}

/**
 * spec 5 names: required, at most 100 characters, no asterisk; nothing else is refused, so O'Brien,
 * "Smith, Jr." and Scriptorius pass. Names stay harmless by how they travel (JSON bodies) and show
 * (React text nodes), not by refusing real names. Control and direction-override characters are
 * refused too: no one types them into a name, and they would make the name read differently.
 */
export function validateName(value: string): NameError | null {
  const name = withoutSurroundingBlanks(value);
  if (name === '') return 'required';
  if (Array.from(name).length > NAME_MAX_LENGTH) return 'tooLong';
  if (name.includes('*')) return 'asterisk';
  if (/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(name)) return 'invisibleCharacters';
  return null;
}

/** spec 5: local part, @, domain, a 2-4 letter top-level domain; 254 in all, 64 in the local part. */
export function validateEmail(value: string): EmailError | null {
  const email = withoutSurroundingBlanks(value);
  if (email === '') return 'required';
  if (email.length > EMAIL_MAX_LENGTH) return 'invalidEmail';
  const match = /^([A-Za-z0-9!#$%&'*+=?^_`{|}~.-]+)@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)\.([A-Za-z]{2,4})$/.exec(email);
  if (!match || (match[1] ?? '').length > EMAIL_LOCAL_PART_MAX_LENGTH || (match[1] ?? '').startsWith('.') || (match[1] ?? '').includes('..')) return 'invalidEmail';
  return null;
}

/** spec 5 OTP: required; 6 digits once the separators of a grouped code are gone (see `normalizeOtp`). */
export function validateOtp(value: string): OtpError | null {
  const code = normalizeOtp(value);
  if (code === '') return 'required';
  if (!/^[0-9]+$/.test(code)) return 'notDigits';
  if (code.length < OTP_LENGTH) return 'tooShort';
  if (code.length > OTP_LENGTH) return 'tooLong';
  return null;
}
