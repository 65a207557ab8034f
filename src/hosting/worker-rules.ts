// The portal's own rules Cloudflare's `_worker.js` runs, bundled from their TypeScript source into PORTAL_RULES
// (cloudflare-worker.ts): the outage page's addresses, and a brand's not-found page where it lacks a language.
export { outagePaths } from './outage-page.ts';
export { languageGapPage } from './language-gaps.ts';
