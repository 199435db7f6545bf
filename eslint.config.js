import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Seams between features (STYLE.md): a feature offers what others may use through its `service`
// (and `repository` for data); the layers below features never import from features/; product
// code never imports test helpers. no-restricted-imports matches the import string, not the
// resolved file, so "another feature" is spelled per feature, relatively ('../documents/x') and
// through src/server ('../features/documents/x'), in one block per feature folder.
const FEATURES = readdirSync(new URL('./src/server/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Tests sit beside the code; the helpers only tests import (harness, factories, servers) in test/. */
const testFilesIn = (dir) => [`${dir}/**/*.test.ts`];
const SERVER_TESTS = [...testFilesIn('src/server'), 'src/server/test/**/*.ts'];

/** The layers below features (`sessions` holds the session store the HTTP layer resolves). */
const LOWER_LAYERS = ['http', 'db', 'jobs', 'storage', 'sessions', 'ai', 'reports', 'i18n'];
/** The one file below features that imports them: the composition point of background jobs. */
const JOB_REGISTRY = 'src/server/jobs/registry.ts';

/** `module` of `feature`, however the import is written from another feature or from src/server. */
const moduleOf = (feature, module) => [
  `**/features/${feature}/${module}`,
  `**/../${feature}/${module}`,
];
const anyModuleExcept = (feature, allowed) => [
  ...moduleOf(feature, '*'),
  ...allowed.flatMap((module) => moduleOf(feature, module).map((pattern) => `!${pattern}`)),
];

const otherFeatures = (feature) => ({
  group: FEATURES.filter((other) => other !== feature).flatMap((other) =>
    anyModuleExcept(other, ['service', 'repository']),
  ),
  message:
    "Use another feature through its service or repository module only (STYLE.md, 'Seams between features').",
});
const noFeatures = {
  group: ['**/features', '**/features/*'],
  message: 'The layers below features (http, db, jobs, storage, …) must not import from features/.',
};
const featureEntryPoints = {
  group: [
    '**/features/*/*',
    '!**/features/*/routes',
    '!**/features/*/service',
    '!**/features/*/repository',
  ],
  message:
    'Compose features through their routes, service or repository modules, not their internals.',
};
const noTestHelpers = {
  group: ['**/test/*'],
  message: 'Product code must not import test helpers.',
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * Later blocks replace the rule's options for the files they match, so every block lists all of
 * the patterns its files are held to.
 */
const boundaries = [
  // Product code anywhere in the server (ai, import, reports, …): no test helpers.
  { files: ['src/server/**/*.ts'], ignores: SERVER_TESTS, rules: restrict(noTestHelpers) },
  // Composition (app.ts, main.ts, services.ts, bootstrap.ts) and the test harness.
  {
    files: ['src/server/*.ts'],
    ignores: SERVER_TESTS,
    rules: restrict(featureEntryPoints, noTestHelpers),
  },
  { files: ['src/server/test/**/*.ts'], rules: restrict(featureEntryPoints) },
  ...FEATURES.flatMap((feature) => {
    const dir = `src/server/features/${feature}`;
    return [
      {
        files: [`${dir}/**/*.ts`],
        ignores: testFilesIn(dir),
        rules: restrict(otherFeatures(feature), noTestHelpers),
      },
      { files: testFilesIn(dir), rules: restrict(otherFeatures(feature)) },
    ];
  }),
  {
    files: LOWER_LAYERS.map((layer) => `src/server/${layer}/**/*.ts`),
    ignores: [JOB_REGISTRY, ...SERVER_TESTS],
    rules: restrict(noFeatures, noTestHelpers),
  },
  {
    files: LOWER_LAYERS.flatMap((layer) => testFilesIn(`src/server/${layer}`)),
    rules: restrict(noFeatures),
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'migrations',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
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
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The client never imports server code (STYLE.md: the runtime boundary shows in the tree).
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@server/*'],
              message: 'The client and shared code must not import server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Every word a screen shows comes from a catalogue (src/client/i18n): text in JSX and the
    // attributes people read or hear. The end-to-end pseudo-locale pass catches the rest (text
    // built in plain objects, toasts).
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/**/*.test.tsx', 'src/client/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['aria-label', 'placeholder', 'title', 'alt', 'label', 'description', 'hint'],
            exclude: [],
          },
          // Symbols, codes (FAA, 142.73, MM/DD/YYYY) and the product's name are not words.
          words: {
            exclude: ['[0-9!-/:-@[-`{-~\\s·—–…•×→←↑↓✓✗⟦⟧]+', '[A-Z0-9_.:/ -]+', 'Centerline'],
          },
          // Calls whose string arguments are names, not text.
          callees: {
            exclude: [
              't',
              'i18n(ext)?',
              'can',
              'cn',
              'cva',
              'navigate',
              'require',
              'addEventListener',
              'removeEventListener',
              'includes',
              'indexOf',
              'startsWith',
              'endsWith',
              'split',
              'join',
              'replace',
              'get',
              'has',
              'set',
              'watch',
              'register',
              'setValue',
              'getValues',
              'trigger',
              'querySelector',
              'matchMedia',
              'toLocaleString',
              'apiRequest',
              'usePublicText',
              'useTranslation',
              'Intl.*',
            ],
          },
        },
      ],
    },
  },
  ...boundaries,
);
