// Change password's pre-paint gate (compiled to ES5 at build time): the checklist's rules, for the user type
// the page's user-type mark put on the root (anything but external is held to the stricter rule, as the form is).
import { changePasswordGaps } from '../../domain/password-rules.ts';
import { gateForm } from '../form-gate.ts';

gateForm('.recovery-card form', (valueOf) => changePasswordGaps({
  type: document.documentElement.getAttribute('data-uti') === 'external' ? 'external' : 'both',
  userId: valueOf('USERNAME'), current: valueOf('PASSWORD'), next: valueOf('NEWPASSWORD'), confirm: valueOf('CONFIRMPASSWORD'),
}));
