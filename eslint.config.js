import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const sdkImports = {
  group: ['firebase/firestore', 'firebase/storage', '@sim/store/client/*'],
  message: 'Use the data port from @/lib/data/port instead.',
};

/**
 * Code flows one way: shared (lib, components) -> features -> app. A feature imports no other
 * feature and nothing of app; shared code imports no feature.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featurePattern = (feature) => ({
  group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/*`, '@/app/*'],
  message: 'Features do not import each other or the app; move shared code to src/lib.',
});
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', { patterns: [sdkImports, featurePattern(feature)] }],
  },
}));

/**
 * Inside the games feature code flows one way too: `shared/` (what every game type uses) -> one
 * folder per game type (`beer/`, …) -> the registry of game types at the feature's top. Shared
 * code imports no game type; a game type imports shared code and itself only.
 */
const gameFolders = readdirSync(new URL('./src/features/games', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const gameBoundaries = gameFolders.map((folder) => ({
  files: [`src/features/games/${folder}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          sdkImports,
          featurePattern('games'),
          folder === 'shared'
            ? {
                group: ['@/features/games/*', '!@/features/games/shared'],
                message: 'Shared game code imports no game type: take what differs as props.',
              }
            : {
                group: [
                  '@/features/games/*',
                  '!@/features/games/shared',
                  `!@/features/games/${folder}`,
                ],
                message: 'A game type imports only shared game code and its own folder.',
              },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'functions/lib/**', '.data/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Data SDKs are reached only through the port adapters in src/lib/data.
      'no-restricted-imports': ['error', { patterns: [sdkImports] }],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sdkImports,
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared code imports no feature and nothing of the app.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  ...gameBoundaries,
  {
    files: ['src/lib/data/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Function handlers reach documents and files only through the port the callable wrapper gives them.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/data/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'firebase-admin/firestore',
                'firebase-admin/storage',
                '@google-cloud/firestore',
                '@google-cloud/storage',
                '@sim/store/client/*',
                '**/store/src/client/*',
              ],
              message: 'Use the data port (ctx.port, or getDataPort from functions/src/data/port).',
            },
          ],
        },
      ],
    },
  },
  {
    // The simulation core is pure: no clock, no global randomness, no I/O, nothing outside the core.
    files: ['core/src/**/*.ts'],
    ignores: ['core/src/**/*.test.ts', 'core/src/**/cli.ts', 'core/src/**/*.bench.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'Time is an input of the core.' },
        { name: 'fetch', message: 'The core does no I/O.' },
        { name: 'setTimeout', message: 'The core does no I/O.' },
        { name: 'setInterval', message: 'The core does no I/O.' },
        { name: 'process', message: 'The core does no I/O.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Pass a seeded random source.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: ':function[async=true]', message: 'The core is synchronous.' },
        { selector: 'AwaitExpression', message: 'The core is synchronous.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'firebase',
                'firebase/*',
                'firebase-*',
                'node:*',
                '@sim/store*',
                '@/*',
              ],
              message: 'The core imports nothing outside itself.',
            },
          ],
        },
      ],
    },
  },
);
