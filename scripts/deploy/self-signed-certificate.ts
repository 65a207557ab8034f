import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A certificate and key for `localhost` and 127.0.0.1, valid for two days, made by openssl in `dir`: for
 * serving the portal over TLS on this machine (the Observatory scan, the TLS end-to-end tests). Made at run
 * time, never committed.
 */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'localhost.crt');
  const key = join(dir, 'localhost.key');
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert,
  ], { encoding: 'utf8' });
  if (made.error ?? made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.error?.message ?? made.stderr}`);
  return { cert, key };
}
