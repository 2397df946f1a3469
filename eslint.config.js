import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * The API's modules (apps/api/src/modules): a folder with an index.ts is a module, and its
 * index.ts is its face; a folder without one groups modules (modules/catalogue/taxonomy, …).
 * scripts/architecture-report.ts finds them the same way.
 */
const apiModules = fileURLToPath(new URL('apps/api/src/modules/', import.meta.url));

/** The module folder `file` (an absolute path) lies in, or null outside every module. */
function moduleOf(file) {
  if (!file.startsWith(apiModules)) return null;
  let dir = apiModules;
  for (const part of file.slice(apiModules.length).split(path.sep).slice(0, -1)) {
    dir = path.join(dir, part);
    if (existsSync(path.join(dir, 'index.ts'))) return dir;
  }
  return null;
}

/**
 * One public face per API module (docs/decisions/047-module-faces.md): from outside a module,
 * only its folder (its index.ts) is imported, never a file inside it; inside a module, files
 * import each other and never their own face (a file that imports its own face closes a cycle
 * through it). A module's tests may import its own files.
 */
const moduleFaces = {
  meta: {
    type: 'problem',
    messages: {
      bypass:
        "'{{spec}}' reaches inside the module {{module}}: import its face, '{{face}}' (docs/decisions/047-module-faces.md).",
      group:
        "'{{spec}}' is a folder of modules with no face: import one of its modules (docs/decisions/047-module-faces.md).",
      ownFace:
        "'{{spec}}' is this module's own face: import the file itself (importing the face from inside closes a cycle).",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const own = moduleOf(file);
    const isTest = /\.test\.[cm]?[jt]sx?$/.test(file);
    function check(node) {
      const spec = node?.type === 'Literal' ? node.value : undefined;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      // The module the path lies in, or is: a module folder holds its own index.ts.
      const module = moduleOf(path.join(target, 'index.ts'));
      if (module === null) {
        if (target.startsWith(apiModules))
          context.report({ node, messageId: 'group', data: { spec } });
        return;
      }
      const isFace = target === module || target === path.join(module, 'index');
      const relative = path.relative(path.dirname(file), module).split(path.sep).join('/');
      const data = {
        spec,
        module: path.relative(apiModules, module).split(path.sep).join('/'),
        face: relative.startsWith('.') ? relative : `./${relative}`,
      };
      if (module !== own && !isFace) context.report({ node, messageId: 'bypass', data });
      if (module === own && isFace && !isTest && path.basename(file) !== 'index.ts')
        context.report({ node, messageId: 'ownFace', data });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

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
            '@exemplar/shared/catalogue-writes',
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
    // API modules have one public face each (docs/decisions/047-module-faces.md): whoever is
    // outside a module (another module, the app's plugins, app.ts, the CLI, db, tests, scripts)
    // imports its index.ts only.
    files: ['apps/api/**/*.{ts,mts,mjs}', 'scripts/**/*.{ts,mts,mjs}'],
    plugins: { exemplar: { rules: { 'module-faces': moduleFaces } } },
    rules: { 'exemplar/module-faces': 'error' },
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
