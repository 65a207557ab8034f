import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The test hygiene of the house (issue 31): no end-to-end spec over MAX_SPEC_LINES lines, and at most
 * MAX_FIXED_SLEEPS fixed sleeps in the tests, each justified where it stands.
 *
 * A fixed sleep is a wait for a fixed time that is not a poll step: `waitForTimeout(n)`, a promise the timer
 * resolves (`new Promise((resolve) => setTimeout(resolve, n))`, in the test or in the page), `setTimeout` of
 * `node:timers/promises`, or a call of a helper that is only one of those (the journeys' `pause`). A poll step
 * is such a wait inside a `for`, `while` or `do` loop that waits for a condition with a deadline: the loop is
 * bounded (a condition, or a throw inside) and ends on what it waits for (a `return` or `break` inside, or a
 * condition with `&&` or `||`). Fake time (`page.clock.runFor`) is no wait; a timer that rejects is a time limit.
 * Each fixed sleep says why it cannot wait for a condition in a comment above it that begins `Fixed sleep:`.
 */
export const MAX_SPEC_LINES = 400;
export const MAX_FIXED_SLEEPS = 3;

interface FixedSleep { file: string; line: number; code: string; justified: boolean }

/** Which node a sleep is: a call that waits for a fixed time (not a helper's own body). */
function sleepKind(node: ts.Node, helpers: ReadonlySet<string>, timersPromises: ReadonlySet<string>): boolean {
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'waitForTimeout') return true;
    if (ts.isIdentifier(callee) && (helpers.has(callee.text) || timersPromises.has(callee.text))) return true;
  }
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Promise') {
    const executor = node.arguments?.[0];
    if (!executor || !(ts.isArrowFunction(executor) || ts.isFunctionExpression(executor))) return false;
    const resolveParameter = executor.parameters[0]?.name;
    if (!resolveParameter || !ts.isIdentifier(resolveParameter)) return false;
    const resolver = resolveParameter.text;
    let found = false;
    const visit = (inner: ts.Node): void => {
      if (found) return;
      if (ts.isCallExpression(inner) && isSetTimeout(inner.expression)) {
        const callback = inner.arguments[0];
        if (callback && ((ts.isIdentifier(callback) && callback.text === resolver) || callsIdentifier(callback, resolver))) found = true;
      }
      ts.forEachChild(inner, visit);
    };
    visit(executor.body);
    return found;
  }
  return false;
}

const isSetTimeout = (callee: ts.Expression): boolean =>
  (ts.isIdentifier(callee) && callee.text === 'setTimeout') || (ts.isPropertyAccessExpression(callee) && callee.name.text === 'setTimeout');

/** A callback that calls `name` (e.g. `() => resolve()`). */
function callsIdentifier(callback: ts.Node, name: string): boolean {
  if (!(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return false;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(callback.body);
  return found;
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node);

/** The name of a function whose whole body is one sleep (`const pause = (ms) => new Promise(...)`), else null. */
function sleepHelperName(node: ts.Node, helpers: ReadonlySet<string>, timersPromises: ReadonlySet<string>): string | null {
  let name: string | null = null;
  let fn: ts.FunctionLikeDeclaration | null = null;
  if (ts.isFunctionDeclaration(node) && node.name) [name, fn] = [node.name.text, node];
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) {
    [name, fn] = [node.name.text, node.initializer];
  }
  if (!name || !fn?.body) return null;
  let only: ts.Node = fn.body;
  if (ts.isBlock(only)) {
    const [statement, ...rest] = only.statements;
    if (!statement || rest.length > 0) return null;
    if (ts.isReturnStatement(statement) && statement.expression) only = statement.expression;
    else if (ts.isExpressionStatement(statement)) only = statement.expression;
    else return null;
  }
  if (ts.isAwaitExpression(only)) only = only.expression;
  return sleepKind(only, helpers, timersPromises) ? name : null;
}

/** Whether the loop around a sleep (the nearest, in the same function) polls for a condition with a deadline. */
function isPollStep(sleep: ts.Node): boolean {
  for (let node = sleep.parent; !isFunction(node) && !ts.isSourceFile(node); node = node.parent) {
    if (!(ts.isForStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node))) continue;
    const condition = ts.isForStatement(node) ? node.condition : node.expression;
    let throws = false;
    let exits = false;
    const visit = (inner: ts.Node): void => {
      if (isFunction(inner)) return;
      if (ts.isThrowStatement(inner)) throws = true;
      if (ts.isReturnStatement(inner) || ts.isBreakStatement(inner)) exits = true;
      ts.forEachChild(inner, visit);
    };
    visit(node.statement);
    const compound = (expression: ts.Node | undefined): boolean => {
      if (!expression) return false;
      if (ts.isBinaryExpression(expression) && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken].includes(expression.operatorToken.kind)) return true;
      return ts.isParenthesizedExpression(expression) && compound(expression.expression);
    };
    const bounded = condition !== undefined || throws;
    return bounded && (exits || compound(condition));
  }
  return false;
}

/** Whether the statement a sleep stands in has a comment above it that begins `Fixed sleep:`. */
function justified(sleep: ts.Node, source: ts.SourceFile): boolean {
  let statement: ts.Node = sleep;
  while (!ts.isSourceFile(statement.parent) && !ts.isBlock(statement.parent) && !isFunction(statement.parent)) statement = statement.parent;
  const comments = ts.getLeadingCommentRanges(source.text, statement.getFullStart()) ?? [];
  return comments.some(({ pos, end }) => /^(?:\/\/|\/\*+)\s*(?:\*\s*)?Fixed sleep:/i.test(source.text.slice(pos, end)));
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The local names `setTimeout` of `node:timers/promises` is imported under in a file. */
function timersPromisesNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/^(node:)?timers\/promises$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) if ((element.propertyName ?? element.name).text === 'setTimeout') names.add(element.name.text);
    }
  }
  return names;
}

/** Every fixed sleep in the given sources (file name to text), in file and line order. */
export function fixedSleeps(sources: ReadonlyMap<string, string>): FixedSleep[] {
  // Only files that can hold a sleep are parsed: a timer, waitForTimeout, or (once known) a sleep helper's name.
  const parsed = new Map<string, ts.SourceFile>();
  const parseWhere = (pattern: RegExp) => {
    for (const [file, text] of sources) if (!parsed.has(file) && pattern.test(text)) parsed.set(file, parse(file, text));
  };
  parseWhere(/setTimeout|waitForTimeout|timers\/promises/);
  // Helpers first, across all files (a helper in one file is called in others), until no new one is found.
  const helpers = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    // A helper's callers may not name a timer themselves: parse them too (one may be a helper of its own).
    if (helpers.size > 0) parseWhere(new RegExp(`\\b(${[...helpers].join('|')})\\(`));
    for (const source of parsed.values()) {
      const timers = timersPromisesNames(source);
      const visit = (node: ts.Node): void => {
        const name = sleepHelperName(node, helpers, timers);
        if (name && !helpers.has(name)) {
          helpers.add(name);
          grew = true;
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  const found: FixedSleep[] = [];
  for (const [file, source] of parsed) {
    const timers = timersPromisesNames(source);
    const visit = (node: ts.Node): void => {
      // A helper's own body is its definition; its calls are the sleeps.
      if (sleepHelperName(node, helpers, timers)) return;
      if (sleepKind(node, helpers, timers) && !isPollStep(node)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push({ file, line: line + 1, code: node.getText(source).replace(/\s+/g, ' ').slice(0, 120), justified: justified(node, source) });
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

const CODE = /\.(ts|tsx|mts|js|mjs)$/;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The code the tests run: every file under tests/, and the files under scripts/ that tests import or start
 * (a relative import, or a path `scripts/….ts` named in a string), with what those import in turn.
 */
export function testCode(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const queue = filesUnder(join(root, 'tests'));
  const scripts = join(root, 'scripts');
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    if (files.has(file) || !existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    const named = [
      ...[...text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => resolve(dirname(file), match[1] ?? '')),
      ...[...text.matchAll(/[\s'"`/](scripts\/[\w./-]+\.(?:ts|mjs|js))/g)].map((match) => join(root, match[1] ?? '')),
    ];
    for (const target of named) if (target.startsWith(scripts) && CODE.test(target)) queue.push(target);
  }
  return new Map([...files].map(([file, text]) => [relative(root, file), text]));
}

/** The end-to-end specs over the limit, as "file: N lines". */
export function longSpecs(root: string): string[] {
  return [join(root, 'tests/e2e'), join(root, 'tests/hosts')]
    .flatMap((folder) => filesUnder(folder).filter((file) => file.endsWith('.spec.ts')))
    .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_SPEC_LINES)
    .map(({ file, lines }) => `${file}: ${String(lines)} lines`);
}
