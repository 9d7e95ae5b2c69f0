// ESLint (npm run lint): typescript-eslint's recommended rules (syntax only, no type information,
// to stay fast) and the architecture's boundaries (docs/ARCHITECTURE.md, DESIGN.md "Rules the
// machine checks"): features never import another feature or app/; lib (and components/shared)
// never import app/ or features; packages never import apps; contracts import only zod and
// their own files; no import cycles, type-only imports included.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noCycle from './scripts/eslint/no-cycle.mjs';

const root = import.meta.dirname;
const WEB = 'apps/web/src';
// Every folder of src/features is a feature (read when ESLint starts, so a new one is covered).
const featuresDir = path.join(root, WEB, 'features');
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/**
 * Node's resolution (workspace packages through their package.json "exports", symlinks resolved
 * to the real files), TypeScript's extensions, and a tsconfig's "paths" when given.
 */
const resolver = (tsconfig) =>
  createNodeResolver({
    extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json', '.node'],
    conditionNames: ['import', 'module', 'default'],
    ...(tsconfig && { tsconfig: { configFile: path.resolve(root, tsconfig) } }),
  });

/** import-x/no-restricted-paths zones (paths from the repository root; resolved imports). */
const zones = [
  ...features.map((name) => ({
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    except: [`./${name}`],
    message: 'A feature never imports another feature: move the shared part to src/components or src/lib.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features never import app/: app/ composes features, not the other way round.',
  },
  ...['lib', 'components', 'shared'].map((dir) => ({
    target: `${WEB}/${dir}`,
    from: [`${WEB}/app`, `${WEB}/features`],
    message: `src/${dir} is below app/ and features: it never imports them.`,
  })),
  { target: 'packages', from: 'apps', message: 'Packages never import apps.' },
  {
    target: 'packages/contracts',
    from: 'packages',
    except: ['./contracts'],
    message: 'Contracts import only zod and their own files.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'e2e/.artifacts/**',
      'e2e/screenshots/**',
      'packages/db/migrations/**',
      'packages/analysis/models/**',
      // the evaluation's unpacked Debian and npm packages (eval/fetch-sources.sh)
      'packages/analysis/eval/.cache/**',
      'packages/analysis/scratch/**',
      'packages/sandbox/.scratch/**',
      'packages/sandbox/native/**',
      'apps/web/public/**',
      '.test-results/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: [`${WEB}/**`, 'e2e/**', 'bench/web-load/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The two classic hook rules (not the React Compiler set: the app runs on Preact's compat).
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, invigil: { rules: { 'no-cycle': noCycle } } },
    settings: {
      // Which files import-x parses when it follows imports (its default is JavaScript only).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [resolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
      'invigil/no-cycle': 'error',
    },
  },
  {
    // The web's `@/` alias (apps/web/tsconfig.json "paths", as apps/web/aliases.ts for the build).
    files: [`${WEB}/**`],
    settings: { 'import-x/resolver-next': [resolver('apps/web/tsconfig.json')] },
  },
  {
    files: ['packages/contracts/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\.{1,2}/)',
              message: 'Contracts import only zod and their own files (they are shared with the browser).',
            },
          ],
        },
      ],
    },
  },
  {
    // Each e2e worker has a server of its own (e2e/support/server.ts): a spec that took `test`
    // from Playwright directly would have no baseURL.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './support/server.ts': it gives each worker its own server.",
            },
          ],
        },
      ],
    },
  },
);
