// Lint: typescript-eslint's strict type-checked rules, React's hooks rules, Astro's plugin, and the
// import direction of the layout (README): src never imports scripts, nothing but tests imports tests,
// and the browser layers never import config (it imports them), not even its types.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'tests/**'];

/**
 * `no-restricted-imports` patterns: what a layer may not import.
 * @param {...[string[], string, boolean?]} groups
 */
const forbid = (...groups) => ({
  '@typescript-eslint/no-restricted-imports': ['error', {
    patterns: groups.map(([group, message, allowTypeImports = false]) => ({ group, message, allowTypeImports })),
  }],
});
const notScripts = ['**/scripts/**', '!**/page-scripts/**'];
const notTests = ['**/tests/**'];
// Not even a type: config/ imports lib/, so an import back would make a circle.
const NOT_CONFIG = 'browser code gets config from its page as props and names its shapes from contract/ or domain/: config/ imports lib/, so nothing below imports config/, not even a type';

export default defineConfig(
  { ignores: ['dist/', 'dist-server/', 'preview/', '.releases/', '.wrangler/', '.netlify/', 'node_modules/', '.astro/', 'test-results/', 'playwright-report/', '.lighthouseci/', 'scripts/brand/template/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // Template literals hold numbers and booleans on purpose (messages, URLs).
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // Validators refuse control characters on purpose; matching them is the point of those patterns.
      'no-control-regex': 'off',
      // Callbacks that return nothing useful are written as arrows with a body or `void`.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['**/*.tsx', 'src/islands/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...astro.configs['flat/recommended'],
  {
    files: ['**/*.astro', '**/*.astro/*.ts'],
    // Astro's parser gives type information to frontmatter but not to the scripts it extracts.
    ...tseslint.configs.disableTypeChecked,
  },
  // The import direction of the layout.
  { files: ['src/**'], ignores: TESTS, rules: forbid([notScripts, 'src never imports scripts/ (Node tools)'], [notTests, 'only tests import tests/']) },
  { files: ['scripts/**'], ignores: TESTS, rules: forbid([notTests, 'only tests import tests/']) },
  {
    files: ['src/domain/**'],
    rules: forbid([['../*', '!../domain/*'], 'src/domain imports nothing of the portal: it is the bottom layer']),
  },
  {
    files: ['src/lib/**', 'src/services/**', 'src/stores/**', 'src/islands/**', 'src/contract/**', 'src/page-scripts/**', 'src/hydration/**'],
    ignores: TESTS,
    rules: forbid(
      [notScripts, 'src never imports scripts/ (Node tools)'],
      [notTests, 'only tests import tests/'],
      [['**/config/*'], NOT_CONFIG],
      [['**/pages/**', '**/layouts/**', '**/components/**', '**/hosting/**', '**/integrations/**'], 'browser code never imports pages, layouts, components, hosting or integrations'],
    ),
  },
  {
    files: ['src/lib/**', 'src/services/**', 'src/contract/**'],
    ignores: TESTS,
    rules: forbid(
      [notScripts, 'src never imports scripts/ (Node tools)'],
      [['**/config/*'], NOT_CONFIG],
      [['**/islands/**', '**/stores/**', '**/pages/**', '**/layouts/**', '**/components/**', '**/hosting/**', '**/integrations/**'], 'lib, services and contract import only downward (lib, contract, domain)'],
    ),
  },
  {
    files: TESTS,
    rules: {
      // Tests assert on values they just built; a non-null assertion there documents the expectation.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Stubs of fetch and transports are async to match what they stand in for, with nothing to await.
      '@typescript-eslint/require-await': 'off',
      // Asymmetric matchers (expect.any, expect.objectContaining) are typed any by the test runners, and
      // parsed answers are read loosely to assert on them.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      // Code run inside pages guards against DOM values the types call non-null (textContent of a detached node).
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Failure messages print whatever was caught or received.
      '@typescript-eslint/no-base-to-string': 'off',
      // Snapshots of storage spread the Storage objects on purpose.
      '@typescript-eslint/no-misused-spread': 'off',
    },
  },
);
