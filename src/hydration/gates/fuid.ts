// The request step's pre-paint gate of forgot user id (compiled to ES5 at build time).
import { fieldGaps } from '../../lib/form-gate.ts';
import { validateEmail, validateName } from '../../lib/validators.ts';
import { gateForm } from '../form-gate.ts';

gateForm('.recovery-card form', (valueOf) => fieldGaps({ firstName: validateName, lastName: validateName, emailId: validateEmail }, valueOf));
