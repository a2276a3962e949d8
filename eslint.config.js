import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers from './eslint/layers.js';

const root = import.meta.dirname;

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/drizzle/**', 'playwright-report/**', 'test-results/**', '**/*.d.ts', 'apps/server/test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { starlight: { rules: { layers } } },
    rules: {
      'starlight/layers': ['error', { root }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'no default exports except route components (apps/web/src/app/pages)' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.config.{js,ts,mjs}', 'eslint/**', 'apps/web/src/app/pages/**', 'scripts/**', 'bench/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
