import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The web app's feature folders (apps/web/src/features/<name>), read so a new one is covered. */
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A file of src/features/<feature> never imports another feature, by a path through `features/`
 * or by a relative one (`../../examples/...`).
 */
function otherFeatures(feature) {
  const others = webFeatures.filter((name) => name !== feature).join('|');
  return {
    regex: `(^|/)features/(?!${feature}(/|$))|^(\\.\\./)+(${others})(/|$)`,
    message: `src/features/${feature} never imports another feature: compose them in src/app.`,
  };
}

/** Nor src/app, which composes the features. */
function noApp(feature) {
  return {
    regex: '^(\\.\\./)+app(/|$)',
    message: `src/features/${feature} never imports src/app: the app composes features.`,
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Dependencies point one way: shared never imports the apps.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@exemplar/api*', '@exemplar/web*', '**/apps/**'] },
      ],
    },
  },
  {
    // The first load of / and /examples carries no zod (docs/decisions/006-bundle-budget.md): the
    // shared schemas are types there, and answers are read with lib/json-shape.ts.
    files: [
      'apps/web/src/app/*.tsx',
      'apps/web/src/app/layout/**',
      'apps/web/src/api/**',
      'apps/web/src/components/**',
      'apps/web/src/lib/**',
      'apps/web/src/features/{examples,marketing,newsletter}/**',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            'zod',
            '@exemplar/shared/catalogue',
            '@exemplar/shared/api',
            '@exemplar/shared/attempts',
            '@exemplar/shared/reviews',
            '@exemplar/shared/preferences',
          ].map((name) => ({
            name,
            allowTypeImports: true,
            message:
              'Keep zod off the first load: import types only, read answers with json-shape.',
          })),
        },
      ],
    },
  },
  {
    // SQL lives in repositories (docs/decisions/021-sql-lives-in-repositories.md): in the API,
    // queries are built only in `*.repository.ts` files and the database layer (connection,
    // migrations, migrator, backup); services keep the rules and call repository functions.
    // Tests and scripts may keep their own SQL.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|with|withRecursive)$/]',
          message:
            'Build queries in a *.repository.ts file (docs/decisions/021-sql-lives-in-repositories.md).',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
          message:
            'Write SQL in a *.repository.ts file (docs/decisions/021-sql-lives-in-repositories.md).',
        },
      ],
    },
  },
  {
    // In web, components and lib are shared by every feature: they never import a feature or the app.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|app)(/|$)',
              message:
                'components and lib never import src/features or src/app: pass it in instead.',
            },
          ],
        },
      ],
    },
  },
  // Web features stand apart (docs/decisions/025-web-feature-boundaries.md): a file of
  // src/features/X never imports src/features/Y nor src/app; src/app composes features.
  ...webFeatures.flatMap((feature) => [
    {
      files: [`apps/web/src/features/${feature}/**`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [otherFeatures(feature), noApp(feature)] }],
      },
    },
    {
      // A feature's tests may reach src/app (the render helper mounts its providers and routes).
      files: [
        `apps/web/src/features/${feature}/**/*.test.{ts,tsx}`,
        `apps/web/src/features/${feature}/test/**`,
      ],
      rules: { 'no-restricted-imports': ['error', { patterns: [otherFeatures(feature)] }] },
    },
  ]),
);
