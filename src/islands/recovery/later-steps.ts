// The steps after REQUEST, loaded as one chunk once the wizard is on screen.
export { default as OtpStep } from './OtpStep.tsx';
export { default as VerifyStep } from './VerifyStep.tsx';
export { default as ErrorStep } from './ErrorStep.tsx';
export { default as InfoStep } from './InfoStep.tsx';
