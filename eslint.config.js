import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '.data/**', 'db/src/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The rules of hooks for both front ends (React 19 at runtime).
    files: ['console/src/**/*.{ts,tsx}', 'runner-web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Tests and the smoke script read loosely typed JSON answers.
    files: ['**/test/**/*.ts', 'scripts/smoke.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
