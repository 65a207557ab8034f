// The end-to-end run's global teardown: counts the calls the emulators checked against docs/api/openapi.json
// (scripts/contract/audit.ts wrote one line each) and fails the run on any mismatch, naming each kind once.
import { existsSync, readFileSync } from 'node:fs';
import type { AuditLine } from '../scripts/contract/audit.ts';
import { auditMismatches, CONTRACT_AUDIT_ENV } from '../scripts/contract/audit.ts';

export default function contractAuditReport(): void {
  const file = process.env[CONTRACT_AUDIT_ENV];
  const lines = file && existsSync(file)
    ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as AuditLine)
    : [];
  if (lines.length === 0) {
    console.log('contract: no service call was checked (no spec made one, or a server was reused that was started without the audit)');
    return;
  }
  const operations = new Set(lines.map((line) => line.call));
  const refused = lines.filter((line) => line.refused).length;
  const fromPages = lines.filter((line) => line.fromPage).length;
  const mismatches = auditMismatches(lines);
  const ms = lines.reduce((sum, line) => sum + line.ms, 0);
  console.log(`contract: ${String(lines.length)} service calls checked against docs/api/openapi.json (${String(fromPages)} made by the pages; ${String(operations.size)} operations; ${String(refused)} requests outside the document, each refused as it says; the checks took ${ms.toFixed(0)} ms in all); ${String(mismatches.length)} mismatches`);
  if (mismatches.length === 0) return;
  const kinds = new Map<string, number>();
  for (const kind of mismatches) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  throw new Error(`the service calls of the run break docs/api/openapi.json:\n${[...kinds].map(([kind, count]) => `  ${String(count)} x ${kind}`).join('\n')}`);
}
