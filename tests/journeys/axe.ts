import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Driver } from './driver.ts';

/** The WCAG 2.2 A and AA rules and best practices, as the Chromium accessibility specs use. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let source: string | undefined;

interface AxeResults { violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }

/**
 * axe-core run in the page, in any engine: its script is injected through the driver (outside the
 * page's CSP, which forbids eval), then run; the violations come back as "rule: targets".
 */
export async function axeViolations(driver: Driver): Promise<string[]> {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await driver.evaluate(() => 'axe' in window, null))) await driver.inject(source);
  const results = await driver.evaluate(async (tags: string[]) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResults> } }).axe;
    const outcome = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return outcome.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => ({ target: node.target.map(String) })) }));
  }, TAGS);
  return results.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
