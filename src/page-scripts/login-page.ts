import { rememberLogin } from './login-cookies.ts';
import { startPasskeyLogin } from './passkey-login.ts';

// The login page's module script, inlined into the page by src/integrations/pre-paint.ts (?inline-module).
rememberLogin(document, { brand: document.body.dataset['brand'], search: location.search, secure: location.protocol === 'https:' });
startPasskeyLogin(document.getElementById('passkey-signin'));
