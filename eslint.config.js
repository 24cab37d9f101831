import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'server/db/migrations/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web app and the shared code never import the server.
    files: ['web/**/*.{ts,tsx}', 'common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // Nor, outside the sanitiser itself and the tests, the server's sanitiser: it would pull
    // sanitize-html into the browser (docs/decisions/0009-content-sanitising.md).
    files: ['web/**/*.{ts,tsx}', 'common/**/*.ts'],
    ignores: ['common/content/sanitize.ts', 'common/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'sanitize-html', message: 'Server only: import it through common/content/sanitize.ts.' }],
          patterns: [
            { group: ['**/server/**'] },
            { regex: '(^|/)sanitize(\\.js)?$', message: 'Server only: the web app renders with common/content/render.ts.' },
          ],
        },
      ],
    },
  },
);
