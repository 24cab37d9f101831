import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under web/features is a feature; read here so a new one is fenced in at once.
const features = readdirSync(new URL('./web/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Features that are a section of other features' pages (the comments under a post, a market item
 * and a gallery item; the reaction bar under a post and its comments; a post's poll in the write form and the view): those may
 * embed them; they themselves import no feature. */
const EMBEDDED = ['comments', 'reactions', 'polls'];

/**
 * The web app's layers, in the manner of bulletproof-react: a feature imports only itself and the
 * shared layers (web/ui, web/shared, web/api, web/i18n, common); the shared layers import no
 * feature and not the shell (web/app); only web/app and web/routes.tsx put features together.
 */
const webZones = [
  ...features.map((feature) => ({
    target: `./web/features/${feature}`,
    from: './web/features',
    except: [`./${feature}`, ...(EMBEDDED.includes(feature) ? [] : EMBEDDED.map((name) => `./${name}`))],
    message: 'One feature does not import another: move the shared piece to web/ui or web/shared.',
  })),
  {
    target: ['./web/ui', './web/shared', './web/api', './web/i18n'],
    from: ['./web/features', './web/app', './web/routes.tsx'],
    message: 'Shared web code imports no feature and not the shell (web/app).',
  },
  {
    target: './web/features',
    from: ['./web/app', './web/routes.tsx'],
    message: 'A feature does not import the shell: what it needs from web/app belongs in web/shared or web/ui.',
  },
  { target: './common', from: ['./web', './server'], message: 'common/ is shared by the server and the web app and imports neither.' },
];

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
    // Import cycles anywhere (server, web, common). Type-only imports are not cycles at run time and
    // are skipped; packages in node_modules are not followed.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The service worker runs in a worker's scope, the offline page's script in a plain page.
    files: ['web/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
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
