import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { checkBrandSvg } from './brand-svg.ts';

const problem = (svg: string) => {
  const checked = checkBrandSvg(svg);
  return 'problems' in checked ? checked.problems.join('\n') : undefined;
};

test('every shipped brand SVG and the new-brand template pass the allowlist, inlined as checked', () => {
  const root = join(import.meta.dirname, '../..');
  const files = [
    ...readdirSync(join(root, 'brands')).flatMap((key) => ['logo.svg', 'sorry.svg'].map((name) => join(root, 'brands', key, name))),
    join(root, 'scripts/brand/template/logo.svg'),
  ].filter((file) => { try { return readFileSync(file).length > 0; } catch { return false; } });
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const source = readFileSync(file, 'utf8').replace(/<\?xml[^>]*>\s*/, '').trim();
    const checked = checkBrandSvg(source);
    expect(checked, file).toHaveProperty('svg');
    if ('svg' in checked) expect(checked.svg, file).toMatch(/^<svg[\s>]/);
  }
});

test('refuses what a blocklist let through, and anything else not on the allowlist (issue 35)', () => {
  const refused = {
    '<svg/onload=alert(1)>': /markup that is not a plain element/,
    '<svg><svg/onload=alert(1)></svg>': /markup that is not a plain element/,
    '<svg><a href="&#106;avascript:alert(1)"><text>x</text></a></svg>': /element <a>/,
    '<svg><use href="&#106;avascript:alert(1)"/></svg>': /href may only point inside the image/,
    '<svg><use xlink:href="data:image/svg+xml,x"/></svg>': /xlink:href may only point inside the image/,
    '<svg><rect fill="url(https://evil.example/x)"/></svg>': /url\(\) may only point inside/,
    '<svg><rect fill="url(//evil.example/x)"/></svg>': /url\(\) may only point inside/,
    '<svg><rect fill="&#x75;rl(x)"/></svg>': /no entity/,
    '<svg onload="alert(1)"></svg>': /attribute onload/,
    '<svg ONLOAD="alert(1)"></svg>': /attribute ONLOAD/,
    '<svg><script>alert(1)</script></svg>': /element <script>/,
    '<svg><style>*{background:url(x)}</style></svg>': /element <style>/,
    '<svg><foreignObject><iframe src="x"></iframe></foreignObject></svg>': /element <foreignObject>/,
    '<svg><image href="#a"/></svg>': /element <image>/,
    '<svg><animate attributeName="href" to="javascript:alert(1)"/></svg>': /element <animate>/,
    '<svg><set attributeName="onclick" to="alert(1)"/></svg>': /element <set>/,
    '<svg style="x"></svg>': /attribute style/,
    '<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>': /declarations|markup/,
    '<svg><!-- --!><svg onload=alert(1)> --></svg>': /comments/,
    '<svg><![CDATA[<script>alert(1)</script>]]></svg>': /markup that is not a plain element|declarations/,
    '<svg></svg><img src=x onerror=alert(1)>': /element <img>|one <svg>/,
    '<svg xmlns="http://evil.example"></svg>': /xmlns must be/,
    '<svg>loose text</svg>': /text outside/,
  };
  for (const [svg, why] of Object.entries(refused)) expect(problem(svg), svg).toMatch(why);
  expect(checkBrandSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img" aria-label="A &amp; B"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect fill="url(#g)" width="10" height="10"/><text x="1" y="9">A &amp; B</text></svg>'))
    .toHaveProperty('svg');
});
