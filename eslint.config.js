import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const envAccess = [
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: 'Read settings from the config module (src/server/config.ts), not process.env.',
  },
  {
    selector: "MemberExpression[object.meta.name='import'][property.name='env']",
    message: 'Read settings from the config module (src/web/config.ts), not import.meta.env.',
  },
];

/** The folders directly under `folder`, but those in `except`. */
const folders = (folder, except = []) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !except.includes(entry.name))
    .map((entry) => `${folder}/${entry.name}`);

/**
 * The web app's features are islands: each folder under src/web/features is a feature, and so is
 * each folder under features/organise but its api/ (the organiser resources several of them
 * read). A feature imports no other feature; what two share moves to src/web/{api,lib,components}
 * or, inside /organise, to the files at features/organise/. Only app/ (and organise's own routes
 * file) composes features. Read from the disk, so a new feature is covered from its first file.
 */
const FEATURES = 'src/web/features';
const ORGANISE = `${FEATURES}/organise`;
const featureZones = [
  ...folders(FEATURES).map((feature) => ({
    target: feature,
    from: FEATURES,
    except: [`./${feature.slice(FEATURES.length + 1)}`],
  })),
  ...folders(ORGANISE, ['api']).flatMap((feature) =>
    folders(ORGANISE, ['api'])
      .filter((other) => other !== feature)
      .map((other) => ({ target: feature, from: other })),
  ),
  // The layers below the features never reach up into them.
  ...['src/web/api', 'src/web/lib', 'src/web/adapters', 'src/web/components'].map((layer) => ({
    target: layer,
    from: [FEATURES, 'src/web/app'],
  })),
].map((zone) => ({ ...zone, message: 'A feature imports no other feature (eslint.config.js).' }));

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'drizzle', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Import circles make start-up order matter and hide layering mistakes: none anywhere.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/config.ts', 'src/web/config.ts'],
    rules: { 'no-restricted-syntax': ['error', ...envAccess] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/config.ts', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...envAccess,
        {
          selector: "CallExpression[callee.property.name='setQueryData']",
          message:
            "Set a change's answer with setFreshQueryData (lib/query-data.ts): a fetch already under way would overwrite it.",
        },
      ],
    },
  },
  {
    // One spelling for the shared code from everywhere else: the package's subpath import.
    files: ['src/{server,web}/**/*.{ts,tsx}', 'tests/**/*.ts', 'scripts/**/*.{ts,mjs}', '*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/**', '!#shared/**'],
              message: "Import the shared code as '#shared/…' (package.json's imports).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**'],
              message: 'shared imports neither server nor web.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: "Validation with zod is the server's: the web bundle has no room for it.",
            },
          ],
          patterns: [
            { group: ['**/server/**'], message: 'The web app never imports server code.' },
            {
              // The contracts are zod schemas: a value taken from one brings all of zod into
              // the screen's chunk (ADR 0023). Constants the browser needs live in shared/domain.
              group: ['#shared/contracts/*'],
              allowTypeImports: true,
              message: 'Import types only from the contracts; values live in shared/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests run in Node, where the contracts' schemas cost nothing.
    files: ['src/web/**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
