import { atom } from 'nanostores';
import type { BuiltEnvironmentMap } from '../contract/environment-map.ts';
import { codeLoader } from '../lib/code-loader.ts';
import { loginMessageKey } from '../lib/login-messages.ts';
import type { LoginMessageKey } from '../lib/login-messages.ts';
import { rememberedUserId, rememberLoginAttempt } from '../lib/login-session.ts';
import { trackClicks } from '../services/telemetry/click-tracking.ts';

// Statistics load only when there is a failure to report.
const loginStatistics = codeLoader(() => import('../services/telemetry/login-statistics.ts'));

export interface LoginPageOptions {
  wlKey: string;
  environmentMap: BuiltEnvironmentMap;
  /** brand.json telemetry.clickMonitor. */
  clickMonitor: boolean;
  /** The catalogue messages, translated, for the failure statistics. */
  messages: Readonly<Record<LoginMessageKey, string>>;
}

/**
 * The login page: the SMUSRMSG banner the page came back with, and what happens around the post. Once the
 * form is on screen (`start`), a returned failure is reported with the values remembered before the post
 * (spec 4.1), once, and the page's click tracking starts.
 */
export function createLoginPage(options: LoginPageOptions, search: () => string = () => location.search) {
  const $banner = atom<LoginMessageKey | null>(null);
  /** The user id to fill in: the one this tab just sent, back after a refusal or a password change (spec 4.1). */
  const $userId = atom<string | null>(null);
  let reported = false;
  /** Connects the page's store to the page; gives its stop. */
  function start(): () => void {
    const query = new URLSearchParams(search());
    const message = query.get('SMUSRMSG');
    // Read before the failure report takes it (login-statistics), and only on a way back from a post of this tab.
    if (message !== null || query.get('fromPage') === 'FPS') $userId.set(rememberedUserId());
    if (message !== null) {
      const key = loginMessageKey(message);
      $banner.set(key);
      if (!reported) {
        reported = true;
        loginStatistics.use(({ reportReturnedLoginFailure }) => {
          void reportReturnedLoginFailure({ wlKey: options.wlKey, query, message: options.messages[key], environmentMap: options.environmentMap });
        });
      }
    }
    return trackClicks({ wlKey: options.wlKey, component: 'login', monitored: options.clickMonitor, fromState: () => 'login' });
  }
  return {
    $banner,
    $userId,
    start,
    actions: {
      /** The form is about to post: remember the user id and usrTok for a failure report (spec 4.1). */
      posting(userId: string): void {
        rememberLoginAttempt(userId);
      },
    },
  };
}
