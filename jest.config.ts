/** @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "nodenext", "moduleResolution": "nodenext"}, "moduleTypes": {}} */
import type { Config } from 'jest';

// swc keeps legacy decorators and decorator metadata (design:paramtypes) and is ~7x faster than
// ts-jest here; type-checking is a separate `tsc` step in `npm test`.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const packages = ['core', 'schema', 'test', 'openai', 'anthropic', 'mcp', 'chat-client', 'chat-memory', 'boot'];

const config: Config = {
  projects: [
    ...packages.map((name) => project(name, `<rootDir>/packages/${name}`)),
    project('order-support', '<rootDir>/apps/order-support'),
    project('mcp-conformance-server', '<rootDir>/apps/mcp-conformance-server'),
    project('mcp-conformance-client', '<rootDir>/apps/mcp-conformance-client'),
    // The bench's tool-search query sets and catalogues (no timings: those run in `npm run bench`).
    project('bench', '<rootDir>/apps/bench', {
      '^@sprout-ai/order-support/package\\.json$': '<rootDir>/../order-support/package.json',
      '^@sprout-ai/order-support/dist/(.*)$': '<rootDir>/../order-support/src/$1',
    }),
    // Imports order-support's compiled modules (`@sprout-ai/order-support/dist/x`); tests read their sources.
    project('mcp-order-server', '<rootDir>/apps/mcp-order-server', {
      '^@sprout-ai/order-support/dist/(.*)$': '<rootDir>/../order-support/src/$1',
    }),
    // The docs' samples, built and run as a user's project: against the packages' built entries
    // (no mapping to src), compiled by tsc, so only the tests themselves go through swc.
    {
      displayName: 'docs',
      rootDir: '<rootDir>/docs',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/examples/*.test.ts'],
      transform: { '^.+\\.ts$': swc as never },
    },
    // `*.dist.test.ts`: each package as a user installs it. `@sprout-ai/*` resolves through
    // node_modules and the package's `exports` map to its built dist/ (npm test builds first).
    {
      displayName: 'dist',
      rootDir: '<rootDir>',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/packages/*/src/**/*.dist.test.ts'],
      transform: { '^.+\\.ts$': swc as never },
      transformIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};

function project(displayName: string, rootDir: string, extraModules: Record<string, string> = {}): Config {
  return {
    displayName,
    rootDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts'],
    testPathIgnorePatterns: ['\\.dist\\.test\\.ts$'],
    transform: { '^.+\\.(t|j)sx?$': swc as never },
    // jose (the MCP SDK's JWT signer, for private_key_jwt) is ESM-only: compiled like our sources.
    transformIgnorePatterns: ['/node_modules/(?!jose/)'],
    moduleNameMapper: {
      ...extraModules,
      '^@sprout-ai/([^/]+)/internal$': '<rootDir>/../../packages/$1/src/internal',
      '^@sprout-ai/(.*)$': '<rootDir>/../../packages/$1/src',
    },
  };
}

export default config;
