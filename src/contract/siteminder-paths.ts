// Where SiteMinder answers (spec 2.2, 7): the login form's action, and its home. The pages, the emulator and
// the benchmarks build their requests from these.

/** The login form's action; the page adds SMQUERYDATA and TARGET to its query. */
export const SITEMINDER_LOGIN_ACTION = '/login/forms/bg/ProcessLogin.fcc';

/** The query parameters that tell SiteMinder where to go after a sign-in (spec 3, 7). */
export const LOGIN_TARGETS = ['TARGET', 'BGTARGET'] as const;

/** SiteMinder's home: where a sign-in goes when nothing safer names a target. */
export const SITEMINDER_HOME = '/apps/home';

/** SiteMinder's logout: ends the session and shows the brand's logged-out page. */
export const SITEMINDER_LOGOUT = '/login/logout.html';
