import { readAuthCookie } from './cookies.ts';

// What the login page keeps in session storage between a post and its return (spec 4.1), and the
// mark the change-password page leaves for the success toast (spec 2.2).
const USER_ID = 'portal.login.userId';
const USER_TOKEN = 'portal.login.usrTok';
/** The session key of the pending password change (read by the login page's success toast). */
export const PASSWORD_RESET = 'portal.passwordReset';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Before the login post: remember the user id and the usrTok cookie value. */
export function rememberLoginAttempt(userId: string): void {
  const token = readAuthCookie(document, 'usrTok', location.protocol === 'https:');
  storage()?.setItem(USER_ID, userId);
  if (token) storage()?.setItem(USER_TOKEN, token);
  else storage()?.removeItem(USER_TOKEN);
}

/** After a failed login: the remembered values, removed so they are used once. */
export function takeLoginAttempt(): { userId: string | null; userToken: string | null } {
  const values = { userId: storage()?.getItem(USER_ID) ?? null, userToken: storage()?.getItem(USER_TOKEN) ?? null };
  storage()?.removeItem(USER_ID);
  storage()?.removeItem(USER_TOKEN);
  return values;
}

/**
 * The user id the login page may fill in (WCAG 3.3.7), read without taking it: after a refused login (the
 * statistics take it later) or a password change, the visitor was asked for it moments ago in this tab.
 */
export function rememberedUserId(): string | null {
  const userId = storage()?.getItem(USER_ID) ?? null;
  return userId === '' ? null : userId;
}

/**
 * Set by the change-password page as it posts: the change is pending until SiteMinder answers. The user id goes
 * where the login form keeps its own on submit, so login after the change does not ask for it again.
 */
export function markPasswordChangePosted(userId = ''): void {
  storage()?.setItem(PASSWORD_RESET, '1');
  if (userId !== '') storage()?.setItem(USER_ID, userId);
}

/** The change came back refused (the page reloaded with SMPWERR): nothing to congratulate. */
export function forgetPasswordChange(): void {
  storage()?.removeItem(PASSWORD_RESET);
}

/**
 * Whether to show the success toast, once: a change was posted and SiteMinder's success redirect (TARGET,
 * `/apps/home?fromPage=FPS`) brought the visitor to login with `fromPage=FPS` in its query (spec 2.13).
 */
export function takePasswordResetFlag(search: string): boolean {
  const posted = storage()?.getItem(PASSWORD_RESET) === '1';
  storage()?.removeItem(PASSWORD_RESET);
  return posted && new URLSearchParams(search).get('fromPage') === 'FPS';
}
