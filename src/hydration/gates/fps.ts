// The request step's pre-paint gate of forgot password and first-time user (compiled to ES5 at build time).
import { fieldGaps } from '../../lib/form-gate.ts';
import { validateRecoveryUserId } from '../../lib/validators.ts';
import { gateForm } from '../form-gate.ts';

gateForm('.recovery-card form', (valueOf) => fieldGaps({ userId: validateRecoveryUserId }, valueOf));
