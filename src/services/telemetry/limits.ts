import { STATS_USER_ID_FORMAT } from '../../domain/limits.ts';
/** Cuts a value to a limit without splitting a surrogate pair. */
export function truncate(value: string, limit: number): string {
  const characters = Array.from(value);
  return characters.length <= limit ? value : characters.slice(0, limit).join('');
}

/** The usage-stats user id is sent only when it is 1 to 50 of letters, digits, @ . _ - (spec 9). */
export function statsUserId(userId: string | null | undefined): string | null {
  return userId && STATS_USER_ID_FORMAT.test(userId) ? userId : null;
}
