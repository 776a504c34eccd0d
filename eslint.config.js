import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features, read from the folder so a new feature is covered without editing this file. */
const webFeatures = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Another module's private file: `<b>/<file>` where file is not `<b>.service` or `<b>.types`. */
const privateFileOf = '([^./][^/]*)/(?!\\1\\.(?:service|types)(?:\\.[jt]s)?$)';
const moduleMessage =
  "Another module is used only through its <area>.service.ts or <area>.types.ts (docs/decisions/023). Add what you need to that module's service file.";

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/api/drizzle/**', 'e2e/artifacts/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // A feature never imports another feature (docs/web.md): from any depth of features/<a>/, a relative path that climbs
  // to a sibling feature's folder (`../b/…`, `../../b/…`, `../../features/b/…`) fails.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./)+(?:features/)?(?:${webFeatures.filter((other) => other !== feature).join('|')})(?:/|$)`,
              message: 'Features do not import each other; move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Shared folders never import features.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/features/', message: 'Shared code must not import a feature.' }] }],
    },
  },
  {
    // An API module is used by others only through its public files, <b>.service.ts and <b>.types.ts
    // (docs/decisions/023): from modules/<a>/file, '../<b>/<anything else>' is another module's private file.
    // Modules are flat folders. Tests are exempt (a test may reuse another module's test helpers).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // `../<b>/<file>` from a module's flat folder, and the same reached through `…/modules/<b>/<file>`.
            { regex: `^\\.\\./${privateFileOf}`, message: moduleMessage },
            { regex: `(?:^|/)modules/${privateFileOf}`, message: moduleMessage },
          ],
        },
      ],
    },
  },
  {
    // Outside modules (app.ts, plugins, lib, db): app.ts registers a module's plugin (<b>.routes, <b>.plugin);
    // anything else of a module is reached through its service or types file.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/**', 'apps/api/src/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(?:^|/)modules/([^/]+)/(?!\\1\\.(?:service|types|routes|plugin)(?:\\.[jt]s)?$)',
              message: 'Use a module through its <area>.service.ts, <area>.types.ts, or its plugin (<area>.routes.ts / <area>.plugin.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts', 'apps/api/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from app.config (config.ts parses the environment once).' },
      ],
    },
  },
);
