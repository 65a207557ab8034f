import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { EngageOptions } from '../hydration/engage-directive.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the visitor engages with the island (src/hydration/engage-directive.ts). */
    'client:engage'?: boolean | EngageOptions;
  }
}

/**
 * Registers `client:engage`: islands load React and hydrate when the visitor engages with them, and say so
 * when their code never comes. Astro inlines the directive into each page that uses it and adds its hash to
 * the page's CSP, so it needs no `unsafe-inline`.
 */
export function engageDirective(): AstroIntegration {
  return {
    name: 'portal-engage-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'engage', entrypoint: fileURLToPath(new URL('../hydration/engage-directive.ts', import.meta.url)) });
      },
    },
  };
}
