import type { Plugin } from 'vite';
import { loadBuiltEnvironmentMap } from '../config/build-environment.ts';

/** The module code imports to read this build's environment map (./portal-environment-map.d.ts types it). */
const ENVIRONMENT_MODULE = 'virtual:portal-environment-map';
const RESOLVED = `\0${ENVIRONMENT_MODULE}`;

/**
 * Scripts that need the environment map without a page handing it over (the recovery wizard's lazily loaded
 * telemetry) import it from this module, which holds only the build's environment (PORTAL_ENVIRONMENT):
 * importing environment-map.json itself would bundle every environment's hosts into a script production serves.
 */
export function environmentModule(): Plugin {
  return {
    name: 'portal-environment-map',
    resolveId: (id) => (id === ENVIRONMENT_MODULE ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? `export default ${JSON.stringify(loadBuiltEnvironmentMap())};` : undefined),
  };
}
