import type { AstroIntegration } from 'astro';

/** Mounts the portal-login-service emulator into `astro dev`, so the islands' calls work there too. */
export function emulatorDevServer(): AstroIntegration {
  return {
    name: 'portal-emulator-dev-server',
    hooks: {
      'astro:server:setup': async ({ server, logger }) => {
        const { createEmulator, hostWithPort } = await import('./create-emulator.ts');
        const { inspectionEnabled } = await import('./routes/inspection.ts');
        // `astro dev` binds localhost unless told `--host` (true: every address, or a name).
        const bound = server.config.server.host;
        const emulator = createEmulator({
          inspection: inspectionEnabled(bound === undefined || bound === false ? 'localhost' : bound === true ? '0.0.0.0' : bound),
          // The port astro dev settled on (it moves on when the configured one is taken).
          webOtpHost: () => {
            const address = server.httpServer?.address();
            return hostWithPort('localhost', typeof address === 'object' && address !== null ? address.port : server.config.server.port);
          },
        });
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
