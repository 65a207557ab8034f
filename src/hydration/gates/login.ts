// The login form's pre-paint gate (compiled to ES5 at build time). Its rules are the constraint attributes the
// island renders from the validators' own definition (LOGIN_PATTERNS in src/lib/validators.ts): the browser
// checks them, so the login page, whose budget is tightest, carries no copy of the validators.
import { gateForm } from '../form-gate.ts';

gateForm('#login-form', (_, form) => Array.prototype.map.call(form.querySelectorAll(':invalid'), (field: HTMLInputElement) => field.name) as string[], true);
