import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Features do not import each other, except along the edges declared here:
 * feature -> the features it may import (docs/architecture.md says why each
 * edge exists). A feature missing from a map imports no other feature. Keep
 * the maps as small as the code allows: an edge is a dependency to justify.
 */
const SERVER_FEATURE_USES = {
  admin: ['documents'],
  bookings: ['customers', 'documents', 'drivers'],
  documents: ['bookings', 'drivers'],
  drivers: ['bookings', 'documents', 'users'],
  imports: ['bookings', 'customers', 'drivers', 'vehicles'],
  jobs: ['bookings'],
  'live-events': ['drivers', 'settings'],
  setup: ['users'],
  users: ['mail', 'settings'],
  vehicles: ['documents'],
};
const WEB_FEATURE_USES = {
  admin: ['customers', 'dispatch', 'documents', 'drivers', 'imports', 'settings', 'users'],
  bookings: ['fares', 'maps', 'settings'],
  customers: ['settings'],
  dispatch: ['auth', 'bookings', 'customers', 'fares', 'live-events', 'maps', 'settings'],
  documents: ['settings'],
  drivers: ['auth', 'customers', 'documents', 'fares', 'maps', 'settings', 'users', 'vehicles'],
  fares: ['maps', 'settings'],
  imports: ['customers', 'settings'],
  jobs: ['drivers', 'live-events', 'settings'],
  'live-events': ['auth', 'dispatch'],
  mail: ['settings'],
  maps: ['settings'],
  records: ['settings'],
  search: ['customers'],
  settings: ['auth', 'documents', 'users'],
  setup: ['auth'],
  timeline: ['drivers', 'live-events', 'settings'],
  users: ['auth', 'settings'],
  vehicles: ['customers', 'documents'],
};

/** One zone per feature folder: it may import itself and the features it declares. */
function featureZones(folder, uses) {
  const features = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const [name, used] of Object.entries(uses)) {
    const unknown = [name, ...used].filter((feature) => !features.includes(feature));
    if (unknown.length > 0) throw new Error(`${folder}: no feature ${unknown.join(', ')}`);
  }
  return features.map((name) => ({
    target: `${folder}/${name}`,
    from: folder,
    except: [name, ...(uses[name] ?? [])].map((feature) => `./${feature}`),
    message: `Features import only the features they declare (${name}: ${(uses[name] ?? []).join(', ') || 'none'}); see eslint.config.js and docs/architecture.md.`,
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
            // Code that belongs to no feature (shared UI, the API client,
            // formatting) knows no feature (bulletproof-react's shared zone).
            {
              target: ['./src/web/components', './src/web/lib'],
              from: './src/web/features',
              message: 'Shared web code does not import features; move it into the feature.',
            },
            ...featureZones('./src/server/features', SERVER_FEATURE_USES),
            ...featureZones('./src/web/features', WEB_FEATURE_USES),
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
