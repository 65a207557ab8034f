/** Info pages whose header login link points to themselves (spec 2.1). */
export const INFO_PAGES = [
  'cookiePolicy', 'systemRequirements', 'termsOfUse', 'accessDenied', 'loggedOut', 'samlError',
  'sessionExpired', 'systemUnavailable',
] as const;
/** One of the info pages of spec 2.1. */
export type InfoPage = (typeof INFO_PAGES)[number];

/** The self-service base of a brand. */
function selfServiceBase(wl: string): string {
  return `/self-service/${wl}`;
}

/** The login page of a brand. */
export function loginPath(wl: string): string {
  return `/app/${wl}/login`;
}

/** The route part after `/app/{wl}/` (or `/self-service/{wl}/`), e.g. `systemRequirements`. */
function routeOf(pathname: string): string {
  const match = /^\/(?:app|self-service)\/[^/]+\/?(.*)$/.exec(pathname);
  return match?.[1] ?? pathname.replace(/^\//, '');
}

/** Whether a page path is one of the info pages of spec 2.1. */
export function isInfoPage(pathname: string): boolean {
  const route = routeOf(pathname);
  return INFO_PAGES.some((page) => route === page || route.startsWith(`${page}/`) || route.startsWith(`${page}?`));
}

/**
 * The header login link (spec 2.1): on an info page it points to that same page; inside the
 * self-service base it is `/app/{wl}/login`; elsewhere the relative route `login`.
 */
export function headerLoginHref(pathname: string, wl: string): string {
  if (isInfoPage(pathname)) return pathname;
  if (pathname === selfServiceBase(wl) || pathname.startsWith(`${selfServiceBase(wl)}/`)) return loginPath(wl);
  return 'login';
}

/** Footer links open in the same window on info pages and in a new one elsewhere (spec 2.1). */
export function footerLinkOpensNewWindow(pathname: string): boolean {
  return !isInfoPage(pathname);
}

/** Self-registration URL for a link type (spec 2.2). */
export function selfRegistrationHref(wl: string, linkType: 'GOA' | 'OAA'): string {
  return `/registration/self-reg/${wl}/${linkType === 'GOA' ? 'online_access' : 'open_account'}`;
}

/**
 * The new address suggested on page-not-found (spec 2.1): the old prefix `/app` becomes `/apps`,
 * or `/self-service` when the last segment is `fps` or `fuid`.
 */
export function suggestNewPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const rest = segments[0] === 'app' ? segments.slice(1) : segments;
  const last = rest[rest.length - 1];
  const prefix = last === 'fps' || last === 'fuid' ? '/self-service' : '/apps';
  return `${prefix}/${rest.join('/')}`.replace(/\/$/, '') || prefix;
}
