import type { AddressInfo } from 'node:net';
import { createEmulator, hostWithPort } from '../emulator/create-emulator.ts';
import type { Emulator } from '../emulator/create-emulator.ts';
import { inspectionEnabled } from '../emulator/routes/inspection.ts';
import { DIST_DIR } from './ensure-built.ts';
import { createPortalServer } from './portal-server.ts';
import { withContractAudit } from '../contract/audit.ts';

/** dist/ and a fresh emulator on one origin. */
export interface ServedPortal {
  base: string;
  emulator: Emulator;
  close: () => void;
}

/** Serves dist/ (or another build) with its own emulator on a loopback port, a free one unless given (the screenshot and bench tools, brand:preview --build). */
export async function serveWithEmulator(distDir = DIST_DIR, port = 0): Promise<ServedPortal> {
  // With EMULATOR_CONTRACT_AUDIT (the end-to-end run's faults spec) every call is checked against docs/api/openapi.json.
  const emulator = withContractAudit(createEmulator({
    inspection: inspectionEnabled('127.0.0.1'),
    webOtpHost: () => hostWithPort('127.0.0.1', (server.address() as AddressInfo | null)?.port ?? 80),
  }));
  const server = createPortalServer({ distDir, mounted: (req, res) => emulator.handle(req, res) });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, emulator, close: () => server.close() };
}
