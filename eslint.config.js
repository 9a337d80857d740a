// One lint config for the four workspaces. Import boundaries keep each layer replaceable:
// core <- server, web, cli; lib/ui <- features <- app; features talk only through index.ts;
// the cli reaches the server over HTTP only; Node-only core stays out of the browser.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = 'packages/web/src';
const FEATURES = [
  'auth',
  'workspace',
  'history',
  'blocks',
  'compositions',
  'library',
  'sharing',
  'ignore-patterns',
  'access-tokens',
];

// The workspace feature is split into rooms (docs/decisions/059-workspace-rooms.md): a room
// uses another only through that room's index.ts. no-cycle keeps the rooms in one direction.
const WORKSPACE = `${WEB}/features/workspace`;
const ROOMS = [
  'session',
  'project-files',
  'counting',
  'suggest',
  'composition',
  'file-selector',
  'generation',
  'apply',
  'shell',
];
const roomZones = ROOMS.map((room) => ({
  target: `${WORKSPACE}/${room}`,
  from: WORKSPACE,
  except: [`./${room}`, ...ROOMS.filter((r) => r !== room).map((r) => `./${r}/index.ts`)],
  message: 'Import another workspace room only through its index.ts.',
}));

const featureZones = FEATURES.map((feature) => ({
  target: `${WEB}/features/${feature}`,
  from: `${WEB}/features`,
  except: [`./${feature}`, ...FEATURES.filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
  message: 'Import another feature only through its index.ts.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-test-*/**',
      '**/node_modules/**',
      'data/**',
      'packages/server/drizzle/**',
      'bench/results/**',
      'bench/.corpora/**',
      'e2e/.artifacts/**',
      // Sample sources in many languages, kept as written (outline fixtures).
      'packages/core/src/outline/fixtures/**',
      // Ambient declarations of pure core's type check only (tsconfig.pure.json runs tsc on them).
      'packages/core/pure-globals.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: 'packages/core', from: ['packages/server', 'packages/web', 'packages/cli'] },
            { target: 'packages/server', from: ['packages/web', 'packages/cli'] },
            { target: 'packages/web', from: ['packages/server', 'packages/cli'] },
            {
              // Its tests may start a real server through the server's test helpers.
              target: 'packages/cli/src',
              from: ['packages/server', 'packages/web'],
              message: 'The CLI talks to the server over its HTTP API, never through its code.',
            },
            {
              target: 'packages/web',
              from: 'packages/core/src/node',
              message: "core's node/ part needs Node: the browser bundle cannot hold it.",
            },
            {
              target: [`${WEB}/lib`, `${WEB}/components`],
              from: [`${WEB}/features`, `${WEB}/app`],
            },
            { target: `${WEB}/features`, from: `${WEB}/app` },
            ...featureZones,
            ...roomZones,
          ],
        },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A function a reader can hold: none in the web app passes 120 lines (tests excepted).
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/**/*.test.{ts,tsx}`],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    // core is pure: Node APIs only in its ./node subpath (its tests may use that subpath's
    // fixtures and providers, the code they test may not).
    files: ['packages/core/src/**/*.{ts,js}'],
    ignores: ['packages/core/src/node/**', 'packages/core/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'core is pure; use src/node for Node APIs.' },
            { group: ['**/node', '**/node/*'], message: 'Pure core cannot import src/node.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/src/**/*.test.ts'],
    ignores: ['packages/core/src/node/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'core is pure; use src/node for Node APIs.' }] },
      ],
    },
  },
  {
    // The browser bundle must never pull Node-only code in through the package's subpath.
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@promptloom/core/node', '@promptloom/core/node/*'],
              message: "core's node/ part needs Node: the browser bundle cannot hold it.",
            },
            {
              // A path that survives a move: package.json maps #web/* to src/* (decision 112).
              regex: '^(\\.\\./){4,}',
              message: 'Import from four or more levels up through #web/… (e.g. #web/lib/cn.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // config.ts is the only reader of the environment.
    files: ['packages/**/*.{ts,tsx}'],
    ignores: [
      'packages/server/src/config.ts',
      'packages/cli/src/lib/env.ts',
      '**/*.test.ts',
      'packages/server/test/**',
      'packages/cli/test/**',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts.' },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // expect.any() and friends are typed any.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
