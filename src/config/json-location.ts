/** Where a problem sits in a file, for an editor or a code frame: 1-based line and column. */
export interface SourceLocation {
  line: number;
  column: number;
}

/** The line and column of `offset` in `text`. */
function locationOf(text: string, offset: number): SourceLocation {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * Where a problem's key path (`heroText.tagline1`, `linkConfig.links[0].href`) sits in a JSON file's text:
 * each key in turn, searched after the one before, so the deepest key found is the place. A parse error
 * names its own place (`... (line 3 column 5)`), which wins. Undefined when nothing is found.
 */
export function locateInJson(text: string, path: string, message = ''): SourceLocation | undefined {
  const reported = /\(line (\d+) column (\d+)\)/.exec(message);
  if (reported) return { line: Number(reported[1]), column: Number(reported[2]) };
  const keys = path.startsWith('(') ? [] : path.split(/\.|\[\d+\]/).filter(Boolean);
  let offset = -1;
  for (const key of keys) {
    const pattern = new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`, 'g');
    pattern.lastIndex = offset + 1;
    const found = pattern.exec(text);
    if (!found) break;
    offset = found.index;
  }
  return offset < 0 ? undefined : locationOf(text, offset + 1);
}
