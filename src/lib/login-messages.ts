import { LOGIN_TARGETS, SITEMINDER_LOGIN_ACTION } from '../contract/siteminder-paths.ts';
import { isSafeRedirect } from './safe-redirect.ts';

/** The SMUSRMSG catalogue of spec 8, as translation keys; anything else is the generic message. */
const CATALOGUE = {
  'Authentication Level too low.': 'login.message.authLevel',
  'Invalid Credentials': 'login.message.invalidCredentials',
  'Login was unsuccessful': 'login.message.unsuccessful',
  'Please enter without spaces': 'login.message.noSpaces',
  'Session Expired. Please login again': 'login.message.sessionExpired',
  'System Error encountered, Please try again later': 'login.message.systemError',
  'Unauthorized User ID': 'login.message.unauthorizedUserId',
  'Unauthorized User': 'login.message.unauthorizedUser',
} as const;

export type LoginMessageKey = (typeof CATALOGUE)[keyof typeof CATALOGUE] | 'login.message.generic';

/** The SMUSRMSG values spec 8 names (the sign-off gallery shows each). */
export const LOGIN_MESSAGES = Object.keys(CATALOGUE) as ReadonlyArray<keyof typeof CATALOGUE>;

/** Every key a login banner can show. */
export const LOGIN_MESSAGE_KEYS: readonly LoginMessageKey[] = [...Object.values(CATALOGUE), 'login.message.generic'];

/** The banner text key for an SMUSRMSG value; the raw parameter itself is never shown. */
export function loginMessageKey(smUsrMsg: string): LoginMessageKey {
  const trimmed = smUsrMsg.trim();
  return (CATALOGUE as Record<string, LoginMessageKey>)[trimmed] ?? 'login.message.generic';
}

/**
 * The query without a TARGET or BGTARGET that is not a same-origin path (isSafeRedirect): the page checks them
 * too before they go to SiteMinder (issue 35), which then uses its default. Without an origin (not in a browser
 * yet) none is kept.
 */
export function withSafeTargets(query: URLSearchParams, origin: string | undefined): URLSearchParams {
  const checked = new URLSearchParams(query);
  for (const name of LOGIN_TARGETS) {
    const value = checked.get(name);
    if (value !== null && (origin === undefined || !isSafeRedirect(value, origin))) checked.delete(name);
  }
  return checked;
}

/** The SiteMinder form action for the current query (spec 7): SMQUERYDATA and, when present, TARGET. */
export function loginFormAction(query: URLSearchParams): string {
  const action = new URLSearchParams({ SMQUERYDATA: query.get('SMQUERYDATA') ?? '' });
  const target = query.get('TARGET');
  if (target) action.set('TARGET', target);
  return `${SITEMINDER_LOGIN_ACTION}?${action.toString()}`;
}
