import { randomInt } from 'node:crypto';

/** How many previous passwords may not be reused (spec 5). */
export const PASSWORD_HISTORY = 12;

/** Minimum length by user type (spec 6). */
export function minimumLength(type: 'internal' | 'external'): number {
  return type === 'internal' ? 16 : 8;
}

/** Why a new password is refused, as the ISB code the service answers. */
export type PasswordRefusal = 'ISB_PASSVAL01' | 'ISB_PASSVAL02' | 'ISB_PASSVAL03' | 'ISB_PASSVAL04' | 'ISB_USRUP06';

/**
 * The password-change rules (spec 5): current password right (ISB_PASSVAL01), new and confirm
 * equal (ISB_PASSVAL02), length and upper, lower, digit, special (ISB_PASSVAL03), new differs from
 * the current one (ISB_PASSVAL04), not one of the last 12 (ISB_USRUP06).
 */
export function checkNewPassword(input: {
  type: 'internal' | 'external';
  current: string;
  given: string;
  next: string;
  confirm: string;
  history: readonly string[];
}): PasswordRefusal | null {
  if (input.given !== input.current) return 'ISB_PASSVAL01';
  if (input.next !== input.confirm) return 'ISB_PASSVAL02';
  const composed = /[A-Z]/.test(input.next) && /[a-z]/.test(input.next) && /\d/.test(input.next) && /[^A-Za-z0-9]/.test(input.next);
  if ([...input.next].length < minimumLength(input.type) || !composed || input.next.length > 128) return 'ISB_PASSVAL03';
  if (input.next === input.current) return 'ISB_PASSVAL04';
  if (input.history.slice(0, PASSWORD_HISTORY).includes(input.next)) return 'ISB_USRUP06';
  return null;
}

/** A random temporary password that meets the rules for its user type. */
export function temporaryPassword(type: 'internal' | 'external'): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '#$%&*+=?@'];
  const all = sets.join('');
  const characters = sets.map((set) => set[randomInt(set.length)] ?? 'A');
  while (characters.length < minimumLength(type) + 2) characters.push(all[randomInt(all.length)] ?? 'a');
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const swap = randomInt(index + 1);
    [characters[index], characters[swap]] = [characters[swap] ?? '', characters[index] ?? ''];
  }
  return characters.join('');
}
