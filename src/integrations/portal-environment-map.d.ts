declare module 'virtual:portal-environment-map' {
  /** This build's environment map (src/integrations/environment-module.ts). */
  const map: import('../config/environment-schema.ts').BuiltEnvironmentMap;
  export default map;
}
