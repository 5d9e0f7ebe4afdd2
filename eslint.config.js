import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Features do not reach into each other. A server feature may use the
 * services every feature shares (mail, settings); a web feature may use the
 * signed-in user (auth). `uses` names the few features one feature calls by
 * design.
 */
function featureZones(folder, shared, uses = {}) {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !shared.includes(entry.name))
    .map((entry) => ({
      target: `${folder}/${entry.name}`,
      from: folder,
      except: [
        `./${entry.name}`,
        ...shared.map((name) => `./${name}`),
        ...(uses[entry.name] ?? []).map((name) => `./${name}`),
      ],
      message:
        'Features do not import each other; move shared code to src/domain or a shared folder.',
    }));
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'drizzle/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] }),
      ],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/web',
              from: './src/server',
              message: 'The web app never imports server code.',
            },
            { target: './src/domain', from: './src/server', message: 'Domain rules do no I/O.' },
            { target: './src/domain', from: './src/web', message: 'Domain rules know no UI.' },
            {
              target: './src/server',
              from: './src/web',
              message: 'The server does not import the web app.',
            },
            ...featureZones(
              './src/server/features',
              ['mail', 'settings', 'customers', 'maps', 'users'],
              // The importer creates bookings, drivers and vehicles through
              // those features' own functions: one operation, one path.
              { imports: ['bookings', 'drivers', 'vehicles'] },
            ),
            // The Import Manager dialog opens from the admin dashboard's tile.
            ...featureZones('./src/web/features', ['auth', 'imports']),
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
