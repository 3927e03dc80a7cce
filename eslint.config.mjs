import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Type-aware rules that matter in an async tool loop; the rest stays out of the way.
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '*.config.*', '.nx/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    // One program for sources and tests (package tsconfigs exclude tests); the docs' examples build
    // against the packages' built entries, as a user's project does.
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.check.json', './docs/examples/tsconfig.json', './docs/test/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Committed CommonJS launchers (bin/*.js) that run the compiled code.
    files: ['**/bin/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', process: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Node scripts of the repository (scripts/*.mjs).
    files: ['scripts/*.mjs'],
    languageOptions: { globals: { process: 'readonly' } },
  },
);
