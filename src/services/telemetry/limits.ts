/** Truncation limits of spec 9. */
export const LIMITS = {
  url: 512,
  /** A navigation state (a usage record's FROM_STATE and TO_STATE), like the navigation URLs. */
  navigationState: 512,
  clickState: 512,
  headers: 4096,
  contextPath: 150,
  clickFromState: 256,
} as const;

/** Cuts a value to a limit without splitting a surrogate pair. */
export function truncate(value: string, limit: number): string {
  const characters = Array.from(value);
  return characters.length <= limit ? value : characters.slice(0, limit).join('');
}

const STATS_USER_ID = /^[A-Za-z0-9@._-]{1,50}$/;

/** The usage-stats user id is sent only when it is 1 to 50 of letters, digits, @ . _ - (spec 5). */
export function statsUserId(userId: string | null | undefined): string | null {
  return userId && STATS_USER_ID.test(userId) ? userId : null;
}
