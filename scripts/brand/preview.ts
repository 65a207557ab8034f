// `npm run brand:preview -- <wl>`: builds only that brand and serves it with the emulator.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const key = process.argv[2];
if (!key) {
  console.error('usage: npm run brand:preview -- <wl>');
  process.exit(1);
}
const child = spawn(process.execPath, [join(import.meta.dirname, '../server/start.ts')], { stdio: 'inherit', env: { ...process.env, BRANDS: key } });
child.on('exit', (code) => process.exit(code ?? 0));
