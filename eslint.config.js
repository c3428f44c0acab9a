import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const folders = (dir) => readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const FEATURES = folders('./web/features/');
/** Everything under server/ but modules/ (and test/, the harness, which composes like boot.ts). */
const SERVER_LAYERS = folders('./server/').filter((name) => !['modules', 'test'].includes(name));
const USER_TOPIC_FEATURES = ['topics', 'onboarding', 'conversations', 'tools'];

export default tseslint.config(
  { ignores: ['web/dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'server/db/migrations', 'server/main.bundle.mjs*', 'server/prepare-worker.bundle.mjs*', 'scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // CommonJS files (worker threads that load libraries by require).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Imports flow one way (docs/ARCHITECTURE.md, Rules). The web never imports server code.
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  // Shared components and lib never import a feature.
  {
    files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/features/**'] }] },
  },
  // Features never import each other: what two features share lives in components or lib.
  ...FEATURES.map((feature) => ({
    files: [`web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'] },
            { group: FEATURES.filter((other) => other !== feature).map((other) => `../${other}/**`), message: 'A feature does not import another: move what both use to web/components or web/lib.' },
          ],
        },
      ],
    },
  })),
  // The user and their topics (context, user, topic rows, evidence, conversations, suggestions,
  // enrichment) are one shared kernel, server/modules/user-topics: the features built on it
  // (topics, onboarding, conversations, tools) import it and not each other, and it imports none.
  ...USER_TOPIC_FEATURES.map((feature) => ({
    files: [`server/modules/${feature}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*-test-kit.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: USER_TOPIC_FEATURES.filter((other) => other !== feature).map((other) => `../${other}/**`), message: 'Import the shared kernel (user-topics), not another feature.' }] },
      ],
    },
  })),
  {
    files: ['server/modules/user-topics/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./[^./][^/]*/', message: 'The user-topics kernel imports no other module.' }] }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }] },
  },
  // The server's lower layers never import `server/modules` (the HTTP features). The two
  // composition roots (the route table in http/app.ts; the job list is server/job-list.ts, beside boot.ts) and
  // the demo seeding, which creates users and topics as a user would, are the exceptions; tests may.
  {
    files: [`server/{${SERVER_LAYERS.join(',')}}/**/*.ts`],
    ignores: ['**/*.test.ts', 'server/http/app.ts', 'server/demo/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'A lower server layer does not import server/modules (docs/ARCHITECTURE.md, Rules).' }] }] },
  },
  // The knowledge layer (places, curated knowledge) sits below the engine that reads it: it imports
  // nothing else of server/intelligence, so no table imports back what imports it (ADR 015).
  {
    files: ['server/intelligence/knowledge/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/modules/**'], message: 'A lower server layer does not import server/modules (docs/ARCHITECTURE.md, Rules).' },
            { regex: '^\\.\\./[^./]', message: 'The knowledge layer imports nothing else of server/intelligence (docs/ARCHITECTURE.md, Rules).' },
          ],
        },
      ],
    },
  },
  // Search sits below documents: ingest indexes what it stores, so search never reads documents/.
  {
    files: ['server/search/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**', '../documents/**'], message: 'Search sits below documents and modules (docs/ARCHITECTURE.md, Rules).' }] }] },
  },
);
