import { rememberLogin } from './login-cookies.ts';
import { startPasskeyLogin } from './passkey-login.ts';
import { xsrfToken } from '../lib/xsrf.ts';

// The login page's module script, inlined into the page by src/integrations/pre-paint.ts (?inline-module).
rememberLogin(document, { brand: document.body.dataset['brand'], search: location.search, secure: location.protocol === 'https:' });
// The form's post to SiteMinder carries no header, but a browser without Fetch Metadata (its Origin hidden by the
// page's no-referrer policy) is let through only with the XSRF cookie (docs/security.md): on a first visit through
// a static host nothing has set it yet, so the page asks now (the passkey request, when there is one, shares it),
// first, so nothing the passkey code meets can keep it from asking.
void xsrfToken();
startPasskeyLogin(document.getElementById('passkey-signin'));
