import { atom } from 'nanostores';
import type { BuiltEnvironmentMap } from '../contract/environment-map.ts';
import { userTypeNamed } from '../domain/flows.ts';
import type { UserType } from '../domain/flows.ts';
import type { PortalKind } from '../domain/portal-kinds.ts';
import { codeLoader } from '../lib/code-loader.ts';
import type { CookieJar } from '../lib/cookies.ts';
import type { pageEnvironment, smAgentName } from '../lib/environment.ts';
import { forgetPasswordChange, markPasswordChangePosted } from '../lib/login-session.ts';
import { rememberBrand } from '../lib/white-label-cookie.ts';
import { trackClicks } from '../services/telemetry/click-tracking.ts';
import { $userType } from './visitor.ts';

/** The user type the recovery flow passed in `uti`: both when missing or unknown. */
export function userTypeOf(query: URLSearchParams): UserType {
  return userTypeNamed(query.get('uti'));
}

/**
 * The change-password page (design.md): once the form is on screen (`start`), the user type of the query
 * reaches the support dialog, a refusal (SMPWERR) drops the pending success mark, click tracking starts, and
 * the SiteMinder agent the form posts to follows the host's environment and the portal kind (spec 7). The
 * environment's code loads after the page; when it cannot be loaded the agent stays unknown and `failed`
 * says so: the form shows the code failure and holds a submit (QA's form must never post to PRODUCTION's
 * agent), and `retry` loads it again.
 */
export function createChangePasswordPage(
  options: { wlKey: string; clickMonitor: boolean; environmentMap: BuiltEnvironmentMap; portalKind: PortalKind },
  browser: { search: () => string; hostname: () => string; cookies?: CookieJar; secure?: boolean } = { search: () => location.search, hostname: () => location.hostname },
  loadEnvironment: () => Promise<{ pageEnvironment: typeof pageEnvironment; smAgentName: typeof smAgentName }> = () => import('../lib/environment.ts'),
) {
  // PRODUCTION's agent (every environment but QA shares it) until the host is resolved: the static HTML has it too.
  // `known` says whether the host was resolved: a post must wait for it, or QA's would land on PRODUCTION's agent.
  const $smAgent = atom({ name: options.environmentMap.smagentname[options.portalKind].other, known: false, failed: false });
  const environment = codeLoader(loadEnvironment);
  /** Resolves the host's agent; code that does not arrive is the `failed` state, never a form held in silence. */
  function resolveAgent(): void {
    $smAgent.set({ ...$smAgent.get(), failed: false });
    environment.load().then(
      ({ pageEnvironment, smAgentName }) => {
        $smAgent.set({ name: smAgentName(pageEnvironment(browser.hostname(), options.environmentMap), options.portalKind, options.environmentMap), known: true, failed: false });
      },
      () => { $smAgent.set({ ...$smAgent.get(), failed: true }); },
    );
  }
  /** Connects the page's store to the page; gives its stop. */
  function start(): () => void {
    const query = new URLSearchParams(browser.search());
    resolveAgent();
    $userType.set(userTypeOf(query));
    if (query.get('SMPWERR') !== null) forgetPasswordChange();
    return trackClicks({ wlKey: options.wlKey, component: 'fps-self-change-pw', monitored: options.clickMonitor, fromState: () => 'changePassword' });
  }
  return {
    $smAgent,
    start,
    actions: {
      /** Try again after the environment's code did not arrive: loads it again, keeping what was typed. */
      retry(): void {
        if (!$smAgent.get().known) resolveAgent();
      },
      /**
       * The form posts to SiteMinder: the success toast waits for its answer, and the brand is kept for it, since
       * the success (`/apps/home?fromPage=FPS`) comes back to login through the site root, which follows the cookie.
       * The page's pre-paint script stamps it on a submit event too (for browsers no island runs in), but the post
       * after a held submit is `form.submit()`, which fires none: so the island stamps it here as well.
       */
      posting(userId = ''): void {
        markPasswordChangePosted(userId.trim());
        rememberBrand(browser.cookies ?? document, options.wlKey, browser.secure ?? location.protocol === 'https:');
      },
    },
  };
}
