// The login form's pre-paint gate (compiled to ES5 at build time): its rules are the island's validators.
import { fieldGaps } from '../../lib/form-gate.ts';
import { validateLoginPassword, validateLoginUserId } from '../../lib/validators.ts';
import { gateForm } from '../form-gate.ts';

gateForm('#login-form', (valueOf) => fieldGaps({ USER: validateLoginUserId, PASSWRD: validateLoginPassword }, valueOf));
