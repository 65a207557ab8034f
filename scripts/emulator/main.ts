// Starts the emulator alone: `node scripts/emulator/main.ts` (PORT, default 4322, on 127.0.0.1).
import { createServer } from 'node:http';
import { createEmulator } from './create-emulator.ts';
import { inspectionEnabled } from './routes/inspection.ts';

const emulator = createEmulator({ inspection: inspectionEnabled('127.0.0.1') });
const port = Number(process.env['PORT'] ?? 4322);
const server = createServer((req, res) => {
  emulator.handle(req, res).then((handled) => {
    if (!handled) {
      res.writeHead(404, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ errorCode: 'NOT_FOUND', message: 'not an emulator path' }));
    }
  }, () => res.destroy());
});
server.listen(port, '127.0.0.1', () => console.log(`portal-login-service emulator on http://127.0.0.1:${port}`));
