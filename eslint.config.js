import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';
import { moduleBoundaries } from './tools/eslint-module-boundaries.js';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];

const server = 'apps/server/src';
const serverTestFiles = ['**/*.test.ts', '**/*.test-support.ts', `${server}/test/**`];
// A module's HTTP edge: its routes and adapters may use src/http; the rest of it may not.
const httpEdge = ['**/*.routes.ts', '**/*.http.ts', '**/*.plugin.ts', '**/*.area.ts'];
const rule = (message, ...groups) => ({ group: groups, message });
const groundFloor = rule(
  'db/ is the ground floor: it imports nothing above it but the tables, through its schema index.',
  ...['../modules/*/*', '../modules/*/*/**', '../integration/*', '../integration/*/**', '../http/**', '../seed/**', '../lib/**'],
  ...['!../modules/*/*.table.ts', '!../integration/*.table.ts'],
);
const sharedLib = rule('lib/ holds what every layer shares: it imports no module or HTTP code.', '../modules/**', '../integration/**', '../http/**', '../seed/**');
const viaServices = rule("Call the other module's service, not its repository.", '../*/*.repository.ts', '../../modules/*/*.repository.ts', '../modules/*/*.repository.ts', '../../integration/*.repository.ts');
const noHttp = rule('Services and repositories throw AppError (src/lib) and know nothing of HTTP.', '**/http/**');
const ledgerOwnsValue = rule('The ledger never calls into the cards module: take a CardRef from the caller.', '../cards/*', '!../cards/*.table.ts');
const modules = [`${server}/modules/**/*.ts`, `${server}/integration/**/*.ts`];
const wiring = [`${server}/jobs/**/*.ts`, `${server}/dev/**/*.ts`, `${server}/use-cases/**/*.ts`];
const ledger = [`${server}/modules/ledger/**/*.ts`];
// Flat config keeps the last options given for a rule, so each entry repeats the groups of the wider
// entries before it (docs/decisions/011-module-boundaries.md).
const serverBoundaries = [
  { files: [`${server}/db/**/*.ts`], patterns: [groundFloor] },
  { files: [`${server}/lib/**/*.ts`], patterns: [sharedLib] },
  { files: [...modules, ...wiring], patterns: [viaServices] },
  { files: modules, ignores: httpEdge, patterns: [viaServices, noHttp] },
  { files: ledger, patterns: [viaServices, ledgerOwnsValue] },
  { files: ledger, ignores: httpEdge, patterns: [viaServices, noHttp, ledgerOwnsValue] },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': true, 'ts-ignore': true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Configuration is read and validated in one module only.
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through env.ts.' }],
    },
  },
  {
    files: ['apps/server/src/env.ts', '**/*.config.ts', '**/*.config.js', 'e2e/**', 'bench/**', '**/*.test.ts', '**/test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The server's layers point one way. Tests may reach anywhere.
  ...serverBoundaries.map(({ files, ignores = [], patterns }) => ({
    files,
    ignores: [...serverTestFiles, ...ignores],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  // Modules call the kernel only; what crosses them is a use case (docs/architecture.md).
  {
    files: [`${server}/modules/**/*.ts`, `${server}/integration/**/*.ts`],
    ignores: serverTestFiles,
    plugins: { kartu: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'kartu/module-boundaries': ['error', { srcDir: server }] },
  },
  // Cache tags are published where the rows change: by the repositories (and the demo seed, which
  // writes its own rows), never by a service, a use case or a route.
  {
    files: [`${server}/**/*.ts`],
    ignores: [...serverTestFiles, '**/*.repository.ts', `${server}/seed/**`, `${server}/lib/**`, `${server}/modules/ledger/earn-statement.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/change-feed/] ImportSpecifier[imported.name=/^publish(AfterCommit|Changes)$/]",
          message: 'Publish cache tags from the repository that writes the rows (docs/architecture.md).',
        },
      ],
    },
  },
  // Features do not import each other: shared pieces move down to src/components or src/lib.
  ...features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature)
            .map((other) => ({
              // A relative path climbs out of the feature to its sibling: '../other', '../../other/api/...'.
              group: [`**/features/${other}`, `**/features/${other}/**`, ...['../', '../../', '../../../'].flatMap((up) => [`${up}${other}`, `${up}${other}/**`])],
              message: 'Features do not import each other.',
            })),
        },
      ],
    },
  })),
);
