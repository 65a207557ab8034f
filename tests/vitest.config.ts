import { defineConfig } from 'vitest/config';
import { environmentModule } from '../src/integrations/environment-module.ts';

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  // The environment map as the build's scripts import it (MOCK unless PORTAL_ENVIRONMENT says otherwise).
  plugins: [environmentModule()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // Two cores here: keep the worker count predictable.
    maxWorkers: 2,
  },
});
