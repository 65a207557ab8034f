// The sign-off sheet's HTML (scripts/brand/gallery.ts): one file with the pictures inside it. A picture that could
// not be taken is there as a failure with its reason, listed at the top too: a sheet never leaves a state out
// silently.
import type { Shot, ShotResult } from './gallery-states.ts';

export interface SheetInput {
  /** The brands asked for, each a section per state. */
  keys: readonly string[];
  defaultBrand: string;
  states: readonly Shot[];
  languages: readonly string[];
  widths: readonly number[];
  /** The pictures so far, by cellKey. */
  results: ReadonlyMap<string, ShotResult>;
  complete: boolean;
  builtAt: string;
}

export const cellKey = (brand: string, language: string, width: number, state: string) => `${brand}|${language}|${String(width)}|${state}`;

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const sectionId = (key: string, state: string) => `${key}-${state.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The states that could not be pictured, each with where and why. */
export function failures({ keys, defaultBrand, states, languages, widths, results }: SheetInput): Array<{ key: string; brand: string; language: string; width: number; state: string; reason: string }> {
  return keys.flatMap((key) => states.flatMap(({ name }) => languages.flatMap((language) => widths.flatMap((width) => (key === defaultBrand ? [key] : [key, defaultBrand]).flatMap((brand) => {
    const result = results.get(cellKey(brand, language, width, name));
    return result && !result.ok ? [{ key, brand, language, width, state: name, reason: result.reason }] : [];
  })))));
}

export function renderSheet(input: SheetInput): string {
  const { keys, defaultBrand, states, languages, widths, results, complete, builtAt } = input;
  const contents = states.map(({ name }) => name).join(', ');
  const failed = failures(input);
  const sections = keys.map((key) => states.map(({ name, path }) => {
    const rows = languages.flatMap((language) => widths.map((width) => {
      const cells = (key === defaultBrand ? [key] : [key, defaultBrand]).map((brand) => {
        const label = `${escapeHtml(brand)}${brand === defaultBrand && key !== defaultBrand ? ' (default brand)' : ''}`;
        const result = results.get(cellKey(brand, language, width, name));
        if (!result) return `<figure class="pending"><figcaption>${label}</figcaption><p>Not taken yet.</p></figure>`;
        if (!result.ok) return `<figure class="failed"><figcaption>${label}</figcaption><p><strong>Could not be taken:</strong> ${escapeHtml(result.reason)}</p></figure>`;
        return `<figure><figcaption>${label} <small>${escapeHtml(result.landed.path)}</small></figcaption><img src="${result.image}" alt="${escapeHtml(`${brand}: ${name}, ${language}, ${String(width)} px`)}" width="${String(Math.min(width, 640))}"></figure>`;
      });
      return `<h3>${escapeHtml(language)}, ${String(width)} px</h3><div class="row">${cells.join('')}</div>`;
    }));
    return `<section id="${escapeHtml(sectionId(key, name))}"><h2>${escapeHtml(key)}: ${escapeHtml(name)} <code>${escapeHtml(path.replace('{wl}', key))}</code></h2>${rows.join('')}</section>`;
  }).join('\n')).join('\n');
  const failedList = failed.length === 0 ? '' : `<div class="failures"><h2>${String(failed.length)} pictures could not be taken</h2><ul>${failed.map(({ key, brand, language, width, state, reason }) =>
    `<li><a href="#${escapeHtml(sectionId(key, state))}">${escapeHtml(brand)}: ${escapeHtml(state)}</a>, ${escapeHtml(language)}, ${String(width)} px: ${escapeHtml(reason)}</li>`).join('')}</ul></div>`;
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Brand sign-off: ${escapeHtml(keys.join(', '))}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem 2rem;color:#1b1f24}h2{margin-top:3rem;border-top:1px solid #ccc;padding-top:1rem}h3{font-size:1rem;margin:1.5rem 0 .5rem}.row{display:flex;gap:1.5rem;align-items:flex-start;overflow-x:auto}figure{margin:0}figcaption{font-weight:600;margin-bottom:.25rem}figcaption small{font-weight:400;color:#555}img{border:1px solid #ccc;height:auto;max-width:100%}.failed,.failures{border:2px solid #b3261e;padding:.5rem 1rem;color:#8c1d18;max-width:40rem}.failures h2{margin-top:0;border:0;padding:0}.pending{color:#555}</style>
<h1>Brand sign-off: ${escapeHtml(keys.join(', '))}</h1>
<p>Built ${escapeHtml(builtAt)} from this checkout. Every page type (${escapeHtml(contents)}) in ${escapeHtml(languages.map((language) => new Intl.DisplayNames('en', { type: 'language' }).of(language.split('-')[0] ?? language) ?? language).join(' and '))}, ${widths.map((width) => `${String(width)} px`).join(' and ')} wide, the whole page, beside the default brand ${escapeHtml(defaultBrand)}.${complete ? '' : ' <strong>Incomplete: the run is still going or stopped.</strong>'}</p>
${failedList}
${sections}
</html>
`;
}
