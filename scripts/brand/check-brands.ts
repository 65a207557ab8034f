// `npm run brand:check [-- <wl>...]`: validates brand folders and the content they use without a
// build. One line per problem (`brands/<wl>/<file>: <path>: <message>`), exit code 1 on any.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatProblem, problemsFromZod } from '../../src/config/config-errors.ts';
import { languagesFileSchema } from '../../src/config/language-schema.ts';
import languageList from '../../src/domain/languages.json' with { type: 'json' };
import type { ConfigProblem } from '../../src/config/config-errors.ts';
import { listBrandKeys, readBrandFolders } from '../../src/config/load-brands.ts';
import type { Brand } from '../../src/config/brand-schema.ts';
import { INFO_PAGES } from '../../src/lib/portal-routes.ts';
import { missingContentFiles } from '../../src/config/content-files.ts';
import { LANGUAGES } from '../../src/domain/languages.ts';
import { missingTranslations } from '../../src/i18n/locale-files.ts';

const PAGES: readonly string[] = ['login', 'sorry', 'logout', 'ssoLogout', ...INFO_PAGES];
const SELF_SERVICE = ['fps', 'fuid', 'fps-self-change-pw'];

/** Problems of one brand beyond what reading it finds (schema, files, contrast): content files and internal links. */
export function brandProblems(brand: Brand, allKeys: readonly string[], contentDir: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const policy = brand.config.cookiePolicyConfig;
  if (policy.activateCookiePolicyRoute) {
    for (const [field, name] of [['apiEndpointEMEA', policy.apiEndpointEMEA], ['apiEndpointOther', policy.apiEndpointOther]] as const) {
      if (!existsSync(join(contentDir, 'gateway', `${name}.json`))) {
        problems.push({ file: `brands/${brand.key}/brand.json`, path: `cookiePolicyConfig.${field}`, message: `content/gateway/${name}.json does not exist` });
      }
    }
  }
  const links: Array<[string, string]> = [
    ...brand.config.linkConfig.links.map((link, index): [string, string] => [`linkConfig.links[${index}].href`, link.href]),
    ['cookiePolicyConfig.viewPolicyLinkHref', policy.viewPolicyLinkHref],
    // Footer links per language; `{wl}` is the brand's own key, as the footer writes it.
    ...brand.config.footerLinks.flatMap((link, index) => (typeof link.href === 'string' ? [['', link.href]] : Object.entries(link.href))
      .map(([language, href]): [string, string] => [`footerLinks[${index}].href${language ? `.${language}` : ''}`, (href ?? '').replaceAll('{wl}', brand.key)])),
  ];
  for (const [path, href] of links) {
    const match = /^\/(app|self-service)\/([^/?#]+)\/([^/?#]+)/.exec(href);
    if (!match) continue;
    const [, area, key = '', page = ''] = match;
    const known = allKeys.includes(key) && (area === 'app' ? PAGES : SELF_SERVICE).includes(page);
    if (!known) problems.push({ file: `brands/${brand.key}/brand.json`, path, message: `broken link: no page ${href}` });
  }
  return problems;
}

/** Checks the named brands (or all) and returns every problem. */
export function checkBrands(brandsDir: string, contentDir: string, only: readonly string[], progress: (line: string) => void): ConfigProblem[] {
  const list = languagesFileSchema.safeParse(languageList);
  if (!list.success) return problemsFromZod('src/domain/languages.json', list.error);
  const allKeys = listBrandKeys(brandsDir);
  const folders = [...readBrandFolders(brandsDir, only).values()];
  const problems: ConfigProblem[] = [];
  folders.forEach((folder, index) => {
    problems.push(...(folder.ok ? brandProblems(folder.brand, allKeys, contentDir) : folder.problems));
    progress(`checked ${index + 1}/${folders.length} brands`);
  });
  // The languages these brands offer: each needs every translation and content file (a page would otherwise show
  // a key or another language's text). Checked once per language, named with its file and key.
  const offered = new Set(folders.flatMap((folder) => (folder.ok ? folder.brand.config.languages ?? LANGUAGES : [])));
  for (const language of LANGUAGES.filter((tag) => offered.has(tag))) {
    problems.push(...missingTranslations(language), ...missingContentFiles(contentDir, language));
  }
  return problems;
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '../..');
  const brandsDir = process.env['PORTAL_BRANDS_DIR'] ?? join(root, 'brands');
  const problems = checkBrands(brandsDir, join(root, 'content'), process.argv.slice(2), (line) => process.stderr.write(`\r${line}`));
  process.stderr.write('\n');
  for (const problem of problems) console.log(formatProblem(problem));
  console.log(problems.length === 0 ? 'All brands are valid.' : `${problems.length} problem(s).`);
  process.exit(problems.length === 0 ? 0 : 1);
}
