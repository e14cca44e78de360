import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';

/*
 * Layers, so imports point one way (docs/ARCHITECTURE.md): routes -> commands | db/queries | presenters ->
 * services -> db. The first descriptor a file matches names its layer, so the narrower folders come first.
 */
const LAYERS = [
  ['routes', 'src/server/routes'],
  ['commands', 'src/server/commands'],
  ['queries', 'src/server/db/queries'],
  ['schema', 'src/server/db/schema'],
  ['db', 'src/server/db'],
  ['services', 'src/server/services'],
  ['presenters', 'src/server/presenters'],
  ['policies', 'src/server/policies'],
  ['plugins', 'src/server/plugins'],
  // The files beside the layers: config.ts, logging.ts, paths.ts (read by every server layer), and app.ts and
  // index.ts, which build and start the app from every layer (file category 'app' below).
  ['server-base', 'src/server'],
  ['shared', 'src/shared'],
  ['client', 'src/client'],
];

const SERVER = ['routes', 'commands', 'queries', 'schema', 'db', 'services', 'presenters', 'policies', 'plugins'];

/** What each layer may import; `types` are imports of types only (`import type`). */
const ALLOWED = {
  routes: { values: ['routes', 'commands', 'queries', 'presenters', 'policies', 'services', 'plugins'], types: ['db'] },
  commands: { values: ['commands', 'queries', 'policies', 'services', 'schema', 'db'] },
  queries: { values: ['queries', 'schema', 'db'] },
  schema: { values: ['schema'] },
  db: { values: ['db', 'schema'] },
  // The page renderer needs the type of the built SSR entry.
  services: { values: ['services', 'schema', 'db'], types: ['client'] },
  // Presenters shape rows they are given: row types from db/queries or the schema, never their functions.
  presenters: { values: ['presenters', 'services', 'policies'], types: ['queries', 'schema', 'db'] },
  plugins: { values: ['plugins', 'commands', 'queries', 'services', 'schema', 'db'], types: ['policies'] },
  // Who may do what with a record: read through queries, never a write.
  policies: { values: ['policies', 'queries'], types: ['db'] },
  'server-base': { values: [] },
  shared: { values: [] },
  client: { values: ['client'] },
};

const layerPolicies = Object.entries(ALLOWED).flatMap(([layer, { values, types = [] }]) => {
  const server = layer === 'shared' || layer === 'client' ? [] : ['server-base'];
  const to = (list) => ({
    element: { type: [layer, ...list, ...server, 'shared'].filter((t, i, a) => a.indexOf(t) === i) },
  });
  return [
    { from: { element: { type: layer } }, allow: { to: to(values) } },
    ...(types.length
      ? [{ from: { element: { type: layer } }, allow: { to: to(types), dependency: { kind: 'type' } } }]
      : []),
  ];
});
layerPolicies.push({
  from: { element: { type: 'server-base' }, file: { categories: 'app' } },
  allow: { to: { element: { type: [...SERVER, 'server-base', 'shared'] } } },
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'drizzle/', 'coverage/', '.lighthouse/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // An import below code reads as if it ran later; ES modules hoist it, so it only misleads.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > :not(ImportDeclaration) ~ ImportDeclaration',
          message: 'Imports go at the top of the file.',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // CLIs and test helpers talk to a person on the console.
    files: ['scripts/**', 'tests/**', 'src/server/index.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/shared/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      // Shared code runs in both the browser and Node: no Node, DOM-only or database imports.
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fastify*', 'drizzle-orm*', 'react*', 'pg', '@electric-sql/*'] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/elements': LAYERS.map(([type, pattern]) => ({ type, pattern, partialMatch: false })),
      'boundaries/files': [{ category: 'app', pattern: 'src/server/{app,index}.ts' }],
      // Resolves the #shared/*, #server/*, #client/* imports of package.json and relative .ts paths.
      'import/resolver': { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies }],
    },
  },
  {
    files: ['src/server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Routes read through db/queries and write through commands.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser calls the API through the contract's endpoints, and shows what a person may do from the
    // server's abilities and declared access (admits), not from her role.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program > :not(ImportDeclaration) ~ ImportDeclaration',
          message: 'Imports go at the top of the file.',
        },
        { selector: 'Literal[value=/^\\/api\\//]', message: 'Call the API through its endpoint in #shared/contract.' },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: 'Call the API through its endpoint in #shared/contract.',
        },
        {
          selector:
            "BinaryExpression[operator=/^[!=]==$/][right.type='Literal'] > MemberExpression.left[property.name='role']",
          message: 'Decide what she may do from the server’s abilities or admits(access, user), not her role.',
        },
      ],
    },
  },
  // Prettier owns layout (npm run format); turn off the style rules that would argue with it.
  prettier,
);
