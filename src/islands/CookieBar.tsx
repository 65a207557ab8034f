import { useRef, useState } from 'react';
import { codeLoader } from '../lib/code-loader.ts';
import { getCookie, removeCookie, secondaryDomain, setCookie } from '../lib/cookies.ts';
import { useHydrated } from './hooks/use-hydrated.ts';
import { focusMainIfInside } from './hooks/focus-after-removal.ts';

// The public suffix list loads only when the bar is closed, not with the page.
const publicSuffixes = codeLoader(() => import('tldts/dist/index.esm.min.js'));

/** The consent cookie; login.astro's pre-paint gate reads the same name. */
export const EU_COOKIE = 'EU_COOKIE';

interface Props {
  strings: { label: string; message: string; close: string };
  policyHref: string;
  policyText: string;
  /** The page has the support button: the bar keeps its room below its own button (login.scss). */
  clearsSupportButton: boolean;
}

/** The EU cookie consent bar: shown until EU_COOKIE exists; closing sets it for 365 days (spec 4.2). */
export default function CookieBar({ strings, policyHref, policyText, clearsSupportButton }: Props) {
  // Rendered into the page at build time, so it is there at first paint; a pre-paint script hides it when
  // EU_COOKIE exists (login.astro), and this removes it once the island runs (when the visitor engages with the bar).
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  const open = !closed && !(hydrated && getCookie(document, EU_COOKIE) !== null);
  const bar = useRef<HTMLElement>(null);

  function close() {
    const secure = location.protocol === 'https:';
    // On this host at once, so a visitor who leaves right away is not asked again here; then, once the
    // public suffix list has loaded, on the whole registrable domain. A list that cannot be loaded leaves the
    // cookie on this host: the bar stays closed here, which is what the visitor asked for.
    setCookie(document, EU_COOKIE, 'true', { days: 365, secure });
    // Before the bar goes, while the focus is still in it.
    focusMainIfInside(bar.current);
    setClosed(true);
    publicSuffixes.use(({ getDomain }) => {
      const domain = secondaryDomain(location.hostname, (hostname) => getDomain(hostname, { allowPrivateDomains: true }));
      if (!domain) return;
      setCookie(document, EU_COOKIE, 'true', { days: 365, secure, domain });
      removeCookie(document, EU_COOKIE);
    });
  }

  if (!open) return null;
  return (
    <section ref={bar} className={clearsSupportButton ? 'cookie-bar cookie-bar--support-button' : 'cookie-bar'} aria-label={strings.label} data-testid="cookie-bar">
      <p>
        {strings.message} <a href={policyHref}>{policyText}</a>
      </p>
      <button type="button" className="button" onClick={close}>{strings.close}</button>
    </section>
  );
}
