import { COMMENT_NODE, DOCTYPE_NODE, ELEMENT_NODE, parse, renderSync, TEXT_NODE, walkSync } from 'ultrahtml';

// Brand SVGs are inlined into every page of every brand, so what may be in one is an allowlist, checked at build
// time: a blocklist of script patterns missed `<svg/onload=…>` and an entity-encoded `javascript:` (issue 35).

/** Elements a logo or an outage image may use: shapes, text, gradients, grouping. No script, style, link, image or foreign content. */
const ELEMENTS: ReadonlySet<string> = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan', 'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask', 'pattern',
].map((name) => name.toLowerCase()));

/** Elements whose text is shown (anywhere else only whitespace may stand between elements). */
const TEXT_ELEMENTS: ReadonlySet<string> = new Set(['text', 'tspan', 'title', 'desc']);

/** Attributes: geometry, presentation, text, accessibility. No event handler, style, or link to anywhere but `#id`. */
const ATTRIBUTES: ReadonlySet<string> = new Set([
  'id', 'class', 'viewbox', 'preserveaspectratio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry',
  'd', 'points', 'transform', 'pathlength', 'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'clip-path', 'clippathunits', 'mask',
  'maskunits', 'maskcontentunits', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit',
  'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'color', 'display', 'visibility', 'vector-effect', 'shape-rendering',
  'font-family', 'font-size', 'font-weight', 'font-style', 'letter-spacing', 'word-spacing', 'text-anchor', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'dx', 'dy', 'rotate', 'textlength', 'lengthadjust', 'offset', 'stop-color', 'stop-opacity',
  'gradientunits', 'gradienttransform', 'spreadmethod', 'fx', 'fy', 'fr', 'patternunits', 'patterncontentunits', 'patterntransform',
  'role', 'aria-label', 'aria-labelledby', 'aria-describedby', 'aria-hidden', 'focusable', 'version', 'href', 'xlink:href', 'xmlns', 'xmlns:xlink',
]);

/** The only values the namespace attributes take. */
const NAMESPACES: Readonly<Record<string, string>> = { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink' };

/**
 * What an attribute value may be: no entity but the five XML escapes (`&#106;avascript:` is how a scheme hides),
 * no quote, backslash or angle bracket (the value is written back quoted), and `url(…)` only as a reference
 * inside the image (`url(#id)`). Links are only `#id` (href above); no attribute on the list runs or loads anything.
 */
function valueProblem(name: string, value: string): string | undefined {
  const namespace = NAMESPACES[name];
  if (namespace !== undefined) return value === namespace ? undefined : `${name} must be ${namespace}`;
  if (name === 'href' || name === 'xlink:href') return /^#[A-Za-z][\w.-]*$/.test(value) ? undefined : `${name} may only point inside the image (#id)`;
  if (/[<>"'`\\]/.test(value) || /&(?!(?:amp|lt|gt|quot|apos);)/.test(value)) return `${name}="${value}": no entity (but &amp; &lt; &gt; &quot; &apos;), quote, backslash or angle bracket`;
  if (/url\s*\(\s*(?!#[\w.-]+\s*\))/i.test(value)) return `${name}="${value}": url() may only point inside the image (#id)`;
  return undefined;
}

/**
 * What to do with a designer's export the allowlist refuses: editors add their own data (comments, DOCTYPE,
 * metadata, `data-name`, `style`) that a cleaner removes, and effects (filters, embedded images) that are drawn
 * again as shapes.
 */
export const SVG_CLEANING_HINT = 'clean a designer\'s export before adding it: `npx svgo --multipass logo.svg -o logo.svg` (SVGO\'s default preset, which is safe for logos, removes comments, DOCTYPE, metadata and editor attributes and turns style into attributes), then export filters, masks of images and embedded pictures as plain shapes';

/**
 * A brand SVG checked against the allowlist, as the markup to inline (re-serialised from what was checked), or
 * every reason it is refused (each element, attribute or text not allowed, once, with how often it occurs).
 */
export function checkBrandSvg(source: string): { svg: string } | { problems: string[] } {
  const document = parse(source) as Parameters<typeof walkSync>[0];
  const found = new Map<string, number>();
  const add = (problem: string) => found.set(problem, (found.get(problem) ?? 0) + 1);
  let roots = 0;
  walkSync(document, (node, parent) => {
    const parentName = parent?.type === ELEMENT_NODE ? parent.name.toLowerCase() : undefined;
    if (node.type === ELEMENT_NODE) {
      const name = node.name.toLowerCase();
      if (parentName === undefined) roots += 1;
      if (!ELEMENTS.has(name) || (parentName === undefined && name !== 'svg')) {
        add(`element <${node.name}> is not allowed in a brand SVG`);
        return;
      }
      for (const [attribute, value] of Object.entries(node.attributes)) {
        const lower = attribute.toLowerCase();
        const problem = ATTRIBUTES.has(lower) ? valueProblem(lower, value) : `attribute ${attribute} is not allowed in a brand SVG`;
        if (problem !== undefined) add(problem);
      }
    } else if (node.type === TEXT_NODE) {
      const text = node.value;
      // Markup the parser did not read as an element (`<svg/onload=…>`, CDATA) would be one in a browser.
      if (text.includes('<')) add(`markup that is not a plain element: ${text.trim().slice(0, 40)}`);
      // The text of an element already refused (a <script>'s code, a <style>'s rules) is not a problem of its own.
      else if (text.trim() !== '' && !(parentName !== undefined && (TEXT_ELEMENTS.has(parentName) || !ELEMENTS.has(parentName)))) add(`text outside <text>, <tspan>, <title> or <desc>: ${text.trim().slice(0, 40)}`);
    } else if (node.type === COMMENT_NODE || node.type === DOCTYPE_NODE) {
      add('comments and declarations (DOCTYPE, ENTITY) are not allowed in a brand SVG');
    }
  });
  if (roots !== 1) add('must be one <svg> element');
  if (found.size > 0) return { problems: [...found].map(([problem, count]) => (count > 1 ? `${problem} (${String(count)} times)` : problem)) };
  return { svg: renderSync(document) };
}
