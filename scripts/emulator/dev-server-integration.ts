import type { AstroIntegration } from 'astro';

/** Mounts the portal-login-service emulator into `astro dev`, so the islands' calls work there too. */
export function emulatorDevServer(): AstroIntegration {
  return {
    name: 'portal-emulator-dev-server',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        const { createEmulator } = await import('./create-emulator.ts');
        const emulator = createEmulator();
        server.middlewares.use((req, res, next) => {
          emulator.handle(req, res).then((handled) => {
            if (!handled) next();
          }, next);
        });
        logger.info('portal-login-service emulator mounted on the dev server');
      },
    },
  };
}
