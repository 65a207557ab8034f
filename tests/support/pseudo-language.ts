// A pseudo-language made from en-US: every letter accented, every text about 40% longer and wrapped in
// markers. A page built with it shows, outside the markers, only what no translation gave it: a word
// typed into a component, a default in code, a text the build never translated. Longer words and
// texts show the boxes that cannot take German (or any longer language) before a translator does.

/** Opens a pseudo text. */
export const PSEUDO_OPEN = '⟦';
/** Closes a pseudo text. */
export const PSEUDO_CLOSE = '⟧';
/** How much longer a pseudo text is than its en-US source (letters added over letters there). */
const PSEUDO_GROWTH = 0.4;

const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries([
  ...[...'abcdefghijklmnopqrstuvwxyz'].map((letter, index) => [letter, [...'áƀçđéƒĝĥíĵķłɱñóþǫŕšţúṽŵẋýž'][index] ?? letter]),
  ...[...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [letter, [...'ÅƁÇĐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][index] ?? letter]),
]);
const VOWEL = /[aeiouyAEIOUY]/;
/** What a text keeps as it is: `{{placeholders}}`, markup and character references. */
const KEPT = /(\{\{\s*\w+\s*\}\}|<[^>]*>|&[#\w]+;)/;

/** Accents the letters of one run of plain text and lengthens it by doubling vowels, `extra` of them. */
function accentRun(run: string, extra: { left: number }): string {
  let out = '';
  for (const character of run) {
    const accented = ACCENTED[character] ?? character;
    out += accented;
    if (extra.left > 0 && VOWEL.test(character)) {
      out += accented;
      extra.left -= 1;
    }
  }
  return out;
}

/** The letters a text shows, outside what it keeps as it is. */
function letterCount(parts: readonly string[]): number {
  return parts.filter((_part, index) => index % 2 === 0).join('').replace(/[^\p{L}]/gu, '').length;
}

/** Accents and lengthens `text`, keeping its placeholders and markup; filler closes the gap where vowels are few. */
function lengthen(text: string): string {
  const parts = text.split(KEPT);
  const wanted = Math.ceil(letterCount(parts) * PSEUDO_GROWTH);
  const extra = { left: wanted };
  const body = parts.map((part, index) => (index % 2 === 1 ? part : accentRun(part, extra))).join('');
  return extra.left > 0 ? `${body}${'·'.repeat(extra.left)}` : body;
}

/** Whether a text is already pseudo: it opens and closes with the markers. */
function isPseudo(text: string): boolean {
  return text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE);
}

/** One translation or brand text in the pseudo-language: `{{placeholders}}` kept, accented, longer, marked. */
export function pseudoText(text: string): string {
  if (isPseudo(text) || text.trim() === '') return text;
  return `${PSEUDO_OPEN}${lengthen(text)}${PSEUDO_CLOSE}`;
}

/** Content HTML in the pseudo-language: each text between tags marked on its own, tags and entities kept. */
export function pseudoHtml(html: string): string {
  return html.split(/(<[^>]*>)/).map((part, index) => {
    if (index % 2 === 1) return part;
    const start = /^\s*/.exec(part)?.[0] ?? '';
    const end = /\s*$/.exec(part.slice(start.length))?.[0] ?? '';
    const inner = part.slice(start.length, part.length - end.length);
    return inner === '' ? part : `${start}${pseudoText(inner)}${end}`;
  }).join('');
}

/**
 * What a shown text has outside the markers (nested ones too: a placeholder filled with another pseudo text).
 * A closing marker without its opening one counts as outside, so half a pseudo text is not taken for whole.
 */
export function unmarkedText(text: string): string {
  let depth = 0;
  let outside = '';
  for (const character of text) {
    if (character === PSEUDO_OPEN) depth += 1;
    else if (character === PSEUDO_CLOSE && depth > 0) depth -= 1;
    else if (depth === 0) outside += character;
  }
  return outside;
}
