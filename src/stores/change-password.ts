import { atom } from 'nanostores';
import type { EnvironmentMap } from '../config/environment-schema.ts';
import type { UserType } from '../domain/flows.ts';
import type { PortalKind } from '../domain/portal-kinds.ts';
import type { CookieJar } from '../lib/cookies.ts';
import type { pageEnvironment, smAgentName } from '../lib/environment.ts';
import { forgetPasswordChange, markPasswordChangePosted } from '../lib/login-session.ts';
import { rememberBrand } from '../lib/white-label-cookie.ts';
import { trackClicks } from '../services/telemetry/click-tracking.ts';
import { $userType } from './visitor.ts';

/** The user type the recovery flow passed in `uti`: both when missing or unknown. */
export function userTypeOf(query: URLSearchParams): UserType {
  const uti = query.get('uti');
  return uti === 'internal' || uti === 'external' ? uti : 'both';
}

/**
 * The change-password page (design.md): once the form is on screen (`start`), the user type of the query
 * reaches the support dialog, a refusal (SMPWERR) drops the pending success mark, click tracking starts, and
 * the SiteMinder agent the form posts to follows the host's environment and the portal kind (spec 7).
 */
export function createChangePasswordPage(
  options: { wlKey: string; clickMonitor: boolean; environmentMap: EnvironmentMap; portalKind: PortalKind },
  browser: { search: () => string; hostname: () => string; cookies?: CookieJar; secure?: boolean } = { search: () => location.search, hostname: () => location.hostname },
  loadEnvironment: () => Promise<{ pageEnvironment: typeof pageEnvironment; smAgentName: typeof smAgentName }> = () => import('../lib/environment.ts'),
) {
  // PRODUCTION's agent (every environment but QA shares it) until the host is resolved: the static HTML has it too.
  // `known` says whether the host was resolved: a post must wait for it, or QA's would land on PRODUCTION's agent.
  const $smAgent = atom({ name: options.environmentMap.smagentname[options.portalKind].other, known: false });
  /** Connects the page's store to the page; gives its stop. */
  function start(): () => void {
    const query = new URLSearchParams(browser.search());
    // The resolution loads after the page, to keep it out of the eager bytes.
    loadEnvironment().then(
      ({ pageEnvironment, smAgentName }) => {
        $smAgent.set({ name: smAgentName(pageEnvironment(browser.hostname(), options.environmentMap), options.portalKind, options.environmentMap), known: true });
      },
      (error: unknown) => {
        // A chunk that never loads must not hold the form for ever: it posts to PRODUCTION's agent, as without script.
        console.error('The environment could not be resolved; the password change posts to the default agent.', error);
        $smAgent.set({ ...$smAgent.get(), known: true });
      },
    );
    $userType.set(userTypeOf(query));
    if (query.get('SMPWERR') !== null) forgetPasswordChange();
    return trackClicks({ wlKey: options.wlKey, component: 'fps-self-change-pw', monitored: options.clickMonitor, fromState: () => 'changePassword' });
  }
  return {
    $smAgent,
    start,
    actions: {
      /**
       * The form posts to SiteMinder: the success toast waits for its answer, and the brand is kept for it, since
       * the success (`/apps/home?fromPage=FPS`) comes back to login through the site root, which follows the cookie.
       */
      posting(): void {
        markPasswordChangePosted();
        rememberBrand(browser.cookies ?? document, options.wlKey, browser.secure ?? location.protocol === 'https:');
      },
    },
  };
}
