import type { UserType } from './flows.ts';
import { PASSWORD_MAX_LENGTH } from './limits.ts';

// The password rules of spec 5 and 9, one definition for the change-password form's live checklist and the
// emulator's password services.

/** How many previous passwords may not be reused (spec 5). */
export const PASSWORD_HISTORY = 12;

/** Whose length rule a user type is held to (spec 6): an unknown type (both) gets the stricter, internal one. */
export function lengthRuleOf(type: UserType): 'external' | 'internal' {
  return type === 'external' ? 'external' : 'internal';
}

/** Minimum length by user type (spec 6): 8 external, 16 internal. */
export function minimumPasswordLength(type: UserType): number {
  return lengthRuleOf(type) === 'external' ? 8 : 16;
}

/** The rules a new password is checked against, in the order the checklist shows them. */
const PASSWORD_RULES = ['length', 'upper', 'lower', 'digit', 'special', 'match', 'differs'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];
/** The rules about the new password alone: its length and the four kinds of character. */
export const COMPOSITION_RULES: readonly PasswordRule[] = ['length', 'upper', 'lower', 'digit', 'special'];

/** Each rule of spec 5 for a new password and its confirmation, met or not; `min` is the length the type needs. */
export function passwordChecks(input: { type: UserType; current: string; next: string; confirm: string }): { min: number; checks: ReadonlyArray<readonly [PasswordRule, boolean]> } {
  const min = minimumPasswordLength(input.type);
  const met: Record<PasswordRule, boolean> = {
    // Characters, not UTF-16 units: an emoji counts once.
    length: Array.from(input.next).length >= min,
    upper: /[A-Z]/.test(input.next),
    lower: /[a-z]/.test(input.next),
    digit: /\d/.test(input.next),
    special: /[^A-Za-z0-9]/.test(input.next),
    match: input.next !== '' && input.next === input.confirm,
    differs: input.next !== '' && input.next !== input.current,
  };
  return { min, checks: PASSWORD_RULES.map((rule) => [rule, met[rule]] as const) };
}

/** What change password still needs before it may post: a field left empty, a rule not met, a password too long. */
export type ChangePasswordGap = 'userId' | 'current' | 'tooLong' | PasswordRule;

/**
 * The gaps of the change-password form, in the order a visitor meets them: the form may post when there are
 * none. One definition for the island and the page's pre-paint gate.
 */
export function changePasswordGaps(input: { type: UserType; userId: string; current: string; next: string; confirm: string }): ChangePasswordGap[] {
  const gaps: ChangePasswordGap[] = [];
  if (input.userId === '') gaps.push('userId');
  if (input.current === '') gaps.push('current');
  // Said, never cut: an input maxlength would silently truncate a pasted or generated password.
  if ([input.current, input.next, input.confirm].some((value) => value.length > PASSWORD_MAX_LENGTH)) gaps.push('tooLong');
  for (const [rule, met] of passwordChecks(input).checks) if (!met) gaps.push(rule);
  return gaps;
}
