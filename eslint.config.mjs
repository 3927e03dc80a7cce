import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// typescript-eslint's strictTypeChecked; the rules kept off say why below.
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '*.config.*', '.nx/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  // The JavaScript files (launchers, fixtures, scripts) are outside the TypeScript program.
  { files: ['**/*.{js,cjs,mjs}'], ...tseslint.configs.disableTypeChecked },
  // The order desk's page scripts run in the browser, as classic scripts.
  {
    files: ['apps/*/web/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { document: 'readonly', fetch: 'readonly', sessionStorage: 'readonly', TextDecoderStream: 'readonly' },
    },
  },
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Numbers read fine in messages; undefined, null and objects in a message are what it catches.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allowAny: false,
          allowBoolean: false,
          allowNullish: false,
          allowRegExp: false,
          allowNever: false,
        },
      ],
      // MCP's low-level Server is used on purpose: we register the tools/list and tools/call handlers.
      '@typescript-eslint/no-deprecated': [
        'error',
        { allow: [{ from: 'package', package: '@modelcontextprotocol/sdk', name: 'Server' }] },
      ],
      // Overloads named apart mirror Spring's pairs: system(String) and system(Consumer<PromptSystemSpec>).
      '@typescript-eslint/unified-signatures': ['error', { ignoreDifferentlyNamedParameters: true }],
      // Spring's static helper classes keep their shape (ToolCallbacks.from, ToolDefinitions.from).
      '@typescript-eslint/no-extraneous-class': ['error', { allowStaticOnly: true }],
      // Passing on a reason we were given (an abort signal's, another promise's) is typed unknown.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // `() => controller.abort()` is the house's arrow style; a void result used as a value still fails.
      '@typescript-eslint/no-confusing-void-expression': [
        'error',
        { ignoreArrowShorthand: true, ignoreVoidReturningFunctions: true },
      ],
      // Kept off. Public APIs check what untyped JavaScript callers pass (`typeof chain?.nextCall`), flags
      // set in callbacks read as "always false", and JSON.stringify's type hides that it can give undefined:
      // its 82 findings here were such guards, or regex groups and array slots that can be undefined.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // An async implementation of a Promise contract (repositories, models) turns a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
      // ToolContext.get<T>() and requireOptionalPeer<T>() are typed reads by design; callers name the type.
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      // JSON Schema rewriting deletes keys from plain JSON objects; a Map cannot be a schema.
      '@typescript-eslint/no-dynamic-delete': 'off',
    },
  },
  {
    files: ['**/*.test.ts'],
    rules: {
      // @types/jest types the asymmetric matchers (expect.any, expect.objectContaining …) as any.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // A test casts a container's service to the class it then checks with toBeInstanceOf.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // expect(mock.method) hands a jest mock over unbound on purpose; a wrong `!` fails the test loudly.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      // An empty class stands for a type without members (a DTO without properties, an unlisted type).
      '@typescript-eslint/no-extraneous-class': ['error', { allowStaticOnly: true, allowEmpty: true }],
    },
  },
  {
    // `void x;` marks as unused on purpose a fixture's parameter (its schema needs it) or a field split off.
    files: ['**/*.test.ts', '**/__fixtures__/**/*.ts'],
    rules: { '@typescript-eslint/no-meaningless-void-operator': 'off' },
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
