import js from '@eslint/js';
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
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/config.ts', 'src/web/config.ts'],
    rules: { 'no-restricted-syntax': ['error', ...envAccess] },
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
