import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

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
  // Prettier owns layout (npm run format); turn off the style rules that would argue with it.
  prettier,
);
