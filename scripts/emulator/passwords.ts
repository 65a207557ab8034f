import { randomInt } from 'node:crypto';
import { PASSWORD_MAX_LENGTH } from '../../src/domain/limits.ts';
import { COMPOSITION_RULES, minimumPasswordLength, PASSWORD_HISTORY, passwordChecks } from '../../src/domain/password-rules.ts';

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
  const failed = new Set(passwordChecks(input).checks.filter(([, met]) => !met).map(([rule]) => rule));
  if (failed.has('match')) return 'ISB_PASSVAL02';
  const composed = !COMPOSITION_RULES.some((rule) => failed.has(rule));
  if (!composed || input.next.length > PASSWORD_MAX_LENGTH) return 'ISB_PASSVAL03';
  if (failed.has('differs')) return 'ISB_PASSVAL04';
  if (input.history.slice(0, PASSWORD_HISTORY).includes(input.next)) return 'ISB_USRUP06';
  return null;
}

/** A random temporary password that meets the rules for its user type. */
export function temporaryPassword(type: 'internal' | 'external'): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '#$%&*+=?@'];
  const all = sets.join('');
  const characters = sets.map((set) => set[randomInt(set.length)] ?? 'A');
  while (characters.length < minimumPasswordLength(type) + 2) characters.push(all[randomInt(all.length)] ?? 'a');
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const swap = randomInt(index + 1);
    [characters[index], characters[swap]] = [characters[swap] ?? '', characters[index] ?? ''];
  }
  return characters.join('');
}
