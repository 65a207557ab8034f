// `npm start`: build every brand when dist/ is missing or stale, then serve dist/ and the
// portal-login-service emulator on one origin.
import { createEmulator, hostWithPort } from '../emulator/create-emulator.ts';
import { INSPECTION_ENV, inspectionEnabled } from '../emulator/routes/inspection.ts';
import { DIST_DIR, ensureBuilt } from './ensure-built.ts';
import { createPortalServer } from './portal-server.ts';
import { withContractAudit } from '../contract/audit.ts';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';

ensureBuilt();
const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? 'localhost';
// The inspection endpoints answer on loopback; on any other address only when EMULATOR_INSPECTION=on (design.md).
const inspection = inspectionEnabled(host);
// The WebOTP line names the host visitors open (the printed URLs'); EMULATOR_WEBOTP_HOST overrides it.
// With EMULATOR_CONTRACT_AUDIT (the end-to-end run) every call is checked against docs/api/openapi.json.
const emulator = withContractAudit(createEmulator({ inspection, webOtpHost: hostWithPort('localhost', port) }));
const server = createPortalServer({ distDir: DIST_DIR, mounted: (req, res) => emulator.handle(req, res) });
server.listen(port, host, () => {
  const base = `http://${host}:${port}`;
  const brand = (process.env['BRANDS'] ?? '').split(',')[0]?.trim() || DEFAULT_BRAND;
  console.log(`Portal and emulator on ${base}`);
  console.log(`  Login:            ${base}/app/${brand}/login?SMQUERYDATA=demo`);
  console.log(`  Forgot password:  ${base}/self-service/${brand}/fps`);
  console.log(`  Forgot user id:   ${base}/self-service/${brand}/fuid`);
  console.log(`  Outage page:      ${base}/app/${brand}/sorry`);
  console.log(inspection
    ? `  Emulator outbox:  ${base}/__emulator/outbox`
    : `  Emulator inspection endpoints (/__emulator/*) are off on ${host}: ${INSPECTION_ENV}=on turns them on`);
});
// Tests that change the emulator's users (recovery flows) get origins with an emulator of their own
// (ISOLATED_PORT, comma-separated for several), so they never race each other over the seeded accounts.
for (const isolatedPort of (process.env['ISOLATED_PORT'] ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)) {
  const isolated = withContractAudit(createEmulator({ inspection, webOtpHost: hostWithPort('localhost', Number(isolatedPort)) }));
  createPortalServer({ distDir: DIST_DIR, mounted: (req, res) => isolated.handle(req, res) }).listen(Number(isolatedPort), host, () => {
    console.log(`  Isolated emulator: http://${host}:${isolatedPort}`);
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
