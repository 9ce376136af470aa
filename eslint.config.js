// ESLint for the whole project: the recommended rules of ESLint, typescript-eslint, eslint-plugin-astro and
// jsx-a11y (for React islands and Astro templates). Formatting is Prettier's job: no stylistic rules here.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      // Built, generated and installed files: nothing written by hand is ignored.
      'dist/',
      'dist-editor/',
      '.astro/',
      'node_modules/',
      'reports/',
      '.lighthouseci/',
      'test-results/',
      'playwright-report/',
      '.local-data/',
      '.wrangler/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  astro.configs['flat/jsx-a11y-recommended'],
  {
    // The rules of jsx-a11y's recommended config; eslint-plugin-astro's config above has registered the plugin.
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // A leading underscore names what a destructuring leaves out on purpose (`const { body: _body, ...data } = …`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `<ul role="list">` is deliberate: Safari drops list semantics from a list styled `list-style: none`.
      'astro/jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'] }],
      // A scrollable table's labelled <section> (a region) takes focus so keyboard users can scroll it (axe: scrollable-region-focusable).
      'astro/jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['section'], roles: ['tabpanel'] }],
    },
  },
  {
    // Type-aware rules where a forgotten promise is a bug: a rejection no one sees, a step that runs before the one it
    // waits for, an async callback where the caller ignores what it returns. Only these rules, and only here, so that
    // `npm run lint` builds the TypeScript program once for the files that need it.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // These patterns exist to find control characters: stripping them from e-mail headers, CSV cells and terminal
    // output, refusing them in a path, and ignoring them in a link as browsers do. Everywhere else one is a mistake.
    files: [
      'src/schemas/page-text/allow-list.ts',
      'src/schemas/page-text/code.ts',
      'scripts/enquiry-export/enquiry-export-format.ts',
      'scripts/local-backend/editor-backend-guard.ts',
      'supabase/functions/notify-enquiry/message.ts',
      'tests/db/enquiry-export.test.ts',
      'tests/project/content-dev-overlay.test.ts',
    ],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // StatsBand, VideoFacade and pages/staff/enquiry.astro inline these files as function expressions and call them with their arguments.
    files: ['src/inline-scripts/count-up.js', 'src/inline-scripts/video-facade.js', 'src/inline-scripts/enquiry-action.js'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['tests/**'],
    rules: {
      // Playwright's fixtures take `({}, testInfo)` when a hook uses no fixture.
      'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }],
      // Tests read parsed YAML and JSON of any shape.
      '@typescript-eslint/no-explicit-any': 'off',
      // Two spaces in a pattern are YAML indentation, clearer as written than ` {2}`.
      'no-regex-spaces': 'off',
    },
  },
);
