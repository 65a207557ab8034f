declare module 'virtual:portal-environment-map' {
  /** This build's environment map (src/integrations/environment-module.ts). */
  const map: import('../contract/environment-map.ts').BuiltEnvironmentMap;
  export default map;
}
