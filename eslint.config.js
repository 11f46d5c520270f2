import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FEATURES = ['auth', 'money', 'kyc', 'invest', 'admin', 'public'];

/**
 * Toasts go through lib/toast: loading it mounts the toast container and brings react-toastify's
 * styles, so a toast imported straight from react-toastify on a page without it would never show.
 */
const TOASTIFY_OUTSIDE_LIB = {
  group: ['react-toastify', 'react-toastify/*'],
  message: 'Import toast from lib/toast (it mounts the toast container and loads its CSS); only apps/web/src/lib/ imports react-toastify.',
};

const NO_FEATURES_IN_SHARED = { group: ['**/features/**'], message: 'Shared folders never import features.' };

/**
 * Features never import each other (app/ composes them); shared folders never import features;
 * only lib/ imports react-toastify. A file gets the last matching `no-restricted-imports`
 * entry only (flat config does not merge rule options), so each entry repeats the toast rule.
 */
const featureBoundaries = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TOASTIFY_OUTSIDE_LIB] }] },
  },
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: FEATURES.filter((other) => other !== feature).map((other) => ({
            group: [`**/features/${other}`, `**/features/${other}/**`, `../${other}`, `../${other}/**`, `../../${other}`, `../../${other}/**`],
            message: 'Features do not import each other: export the piece from the feature and compose it in app/.',
          })).concat(TOASTIFY_OUTSIDE_LIB),
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,content}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_FEATURES_IN_SHARED, TOASTIFY_OUTSIDE_LIB] }],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_FEATURES_IN_SHARED] }] },
  },
];

/**
 * The server's layers (ADR 0016): routes call services; services hold the rules and reach the
 * database and the ledger; the ledger is the only writer of money and, with ledger/reads.ts,
 * the only reader of its tables; db/ and lib/ know nothing above them. Each folder gets one
 * entry (flat config does not merge rule options across entries).
 */
const LEDGER_TABLES = {
  group: ['**/db/schema', '**/db/schema/*'],
  importNames: ['ledgerAccounts', 'ledgerJournals', 'ledgerPostings', 'ledgerHolds'],
  message: 'Only ledger/ reads and writes the ledger tables: use its read API (ledger/reads.ts, getUserBalances).',
};
const LEDGER_TABLES_IN_SQL = {
  selector: 'TemplateElement[value.raw=/\\bledger_(accounts|journals|postings|holds)\\b/]',
  message: 'Only ledger/ reads and writes the ledger tables: use its read API (ledger/reads.ts, getUserBalances).',
};
/** Imports of these top-level folders of apps/server/src from below them (../x, ../../x/y...). */
const above = (...folders) => ({
  group: folders.flatMap((folder) => ['../', '../../', '../../../', '../../../../'].flatMap((up) => [`${up}${folder}`, `${up}${folder}/**`])),
  message: `This layer does not import ${folders.join(', ')} (ADR 0016).`,
});
const serverLayers = [
  ...[
    ['apps/server/src/routes/**/*.ts', [above('db', 'ledger')]],
    ['apps/server/src/services/**/*.ts', [LEDGER_TABLES, above('routes', 'plugins')]],
    ['apps/server/src/{plugins,jobs,cli,email,chain}/**/*.ts', [LEDGER_TABLES, above('routes')]],
    ['apps/server/src/lib/**/*.ts', [above('routes', 'plugins', 'services', 'ledger', 'db')]],
    ['apps/server/src/db/**/*.ts', [above('routes', 'plugins', 'services', 'ledger')]],
    ['apps/server/src/ledger/**/*.ts', [above('routes', 'plugins', 'services')]],
  ].map(([files, patterns]) => ({ files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } })),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/ledger/**', 'apps/server/src/db/**'],
    rules: { 'no-restricted-syntax': ['error', LEDGER_TABLES_IN_SQL] },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-before/**', 'data/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // A file past 400 lines holds more than one thing (issue 45): split it where its parts meet.
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // Messages go in accessible in-app dialogs and toasts, never the browser's alert, confirm or prompt.
    rules: { ...reactHooks.configs.recommended.rules, 'no-alert': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...featureBoundaries,
  ...serverLayers,
);
