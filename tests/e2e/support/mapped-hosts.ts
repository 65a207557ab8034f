import { CHROMIUM_ARGS, chromiumExecutable } from '../../../scripts/browsers/chromium.ts';

/**
 * For `test.use`: Chromium (the machine's, as every run finds it) resolving `hosts` to this machine, for a spec
 * that needs a host name of some shape (a two-label public suffix, an environment's host, a brand's domain).
 */
export function hostsOnThisMachine(hosts: readonly string[]): { launchOptions: { args: string[]; executablePath?: string } } {
  const executablePath = chromiumExecutable();
  return {
    launchOptions: {
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}`],
      ...(executablePath ? { executablePath } : {}),
    },
  };
}

/** The port of the origin the specs that only read are served on (project desktop), to reach it under another host name. */
export const READ_ONLY_PORT = new URL(process.env['E2E_BASE'] ?? `http://localhost:${process.env['E2E_PORT'] ?? '4399'}`).port;
