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

/** Every key a login banner can show. */
export const LOGIN_MESSAGE_KEYS: readonly LoginMessageKey[] = [...Object.values(CATALOGUE), 'login.message.generic'];

/** The banner text key for an SMUSRMSG value; the raw parameter itself is never shown. */
export function loginMessageKey(smUsrMsg: string): LoginMessageKey {
  const trimmed = smUsrMsg.trim();
  return (CATALOGUE as Record<string, LoginMessageKey>)[trimmed] ?? 'login.message.generic';
}

/** The SiteMinder form action for the current query (spec 7): SMQUERYDATA and, when present, TARGET. */
export function loginFormAction(query: URLSearchParams): string {
  const action = new URLSearchParams({ SMQUERYDATA: query.get('SMQUERYDATA') ?? '' });
  const target = query.get('TARGET');
  if (target) action.set('TARGET', target);
  return `/login/forms/bg/ProcessLogin.fcc?${action.toString()}`;
}
