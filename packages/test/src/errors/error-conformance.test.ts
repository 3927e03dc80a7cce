import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SproutError, type ToolExecutionResult } from '@sprout-ai/core';

/**
 * Every error class a Sprout package exports follows the error model: it extends `SproutError`,
 * declares its own marker, carries the brand, answers `isInstance` across package copies, is named
 * after its class and keeps a `cause`. Packages and classes are found, not listed: a new package
 * under packages/ or a new exported error class is checked without editing this file (unless its
 * constructor needs a sample, see SAMPLES).
 */

type ErrorClass = (abstract new (...args: never[]) => Error) & { readonly marker?: symbol };
type Construct = (...args: unknown[]) => Error;

const PACKAGES_DIR = path.resolve(__dirname, '..', '..', '..');
const BRAND = Symbol.for('sprout-ai.error');

/**
 * How to make an instance of a class whose constructor is not `(message, { cause })`, given a
 * function that calls the constructor and the cause to pass.
 */
const SAMPLES: Readonly<Record<string, (make: Construct, cause: unknown) => Error>> = {
  ConfigurationError: (make, cause) =>
    make({ setting: 'maxCallsPerTool', value: 0, allowed: 'a positive integer', cause }),
  RequestAbortedError: (make, cause) => make({ reason: cause }),
  MissingTemplateVariablesError: (make, cause) => make({ missing: ['orderId'], template: '{orderId}', cause }),
  MissingPeerDependencyError: (make, cause) =>
    make({ packageName: 'better-sqlite3', neededBy: 'SqliteChatMemoryRepository', cause }),
  ToolExecutionError: (make, cause) => make({ toolDefinition: definition, cause }),
  InvalidToolArgumentsError: (make, cause) => make({ toolName: 'getOrder', violations: [], message: 'Bad.', cause }),
  StructuredOutputValidationError: (make, cause) =>
    make({ typeName: 'OrderAnswer', answer: '{}', violations: ['/status is required'], attempts: 1, cause }),
  MissingToolSchemaError: (make, cause) => make({ className: 'OrderTools', methodName: 'getOrder', cause }),
  DuplicateToolNameError: (make, cause) => make({ names: ['getOrder'], sources: ['A.getOrder', 'B.getOrder'], cause }),
  ToolCallLimitExceededError: (make, cause) => make({ limit: 3, partialToolExecutionResult: emptyResult, cause }),
  UnresolvedToolNamesError: (make, cause) => make({ toolNames: ['getOrder'], cause }),
  ToolCallTimeoutError: (make, cause) => make({ toolName: 'getOrder', timeoutMs: 1000, cause }),
  SchemaGenerationError: (make, cause) => make({ reason: 'Bad parameter.', cause }),
  ScriptExhaustedError: (make, cause) =>
    make({ scriptOwner: 'ScriptedChatModel', scriptLength: 1, requestIndex: 1, cause }),
  ModelApiError: (make, cause) =>
    make({ message: 'Failed.', provider: 'acme', baseUrl: 'http://localhost', model: 'm', cause }),
  OpenAiApiError: (make, cause) => make({ message: 'Failed.', baseUrl: 'http://localhost/v1', model: 'm', cause }),
  AnthropicApiError: (make, cause) => make({ message: 'Failed.', baseUrl: 'http://localhost', model: 'm', cause }),
  McpConnectionError: (make, cause) => make({ connectionName: 'orders', target: 'node server.js', cause }),
  McpAuthorizationError: (make, cause) =>
    make({ connectionName: 'crm', target: 'https://crm.example.com/mcp', reason: 'HTTP 401', cause }),
  McpToolCallError: (make, cause) =>
    make({ connectionName: 'orders', toolName: 'getOrder', reason: 'timed out', cause }),
  AdvisorChainError: (make, cause) => make({ message: 'No advisor left.', cause }),
  MultipleToolAdvisorsError: (make, cause) => make({ toolAdvisors: [], cause }),
  MissingToolSearchSessionIdError: (make, cause) => make({ sessionIdKeyName: 'chat_memory_conversation_id', cause }),
  ToolApprovalNotFoundError: (make, cause) => make({ conversationId: 'c1', cause }),
  ToolApprovalExpiredError: (make, cause) => make({ conversationId: 'c1', expiresAt: '2026-12-02T10:00:00Z', cause }),
  InvalidToolApprovalError: (make, cause) =>
    make({ conversationId: 'c1', problem: 'tampered', message: 'The seal is missing.', cause }),
  ChatMemoryStoreError: (make, cause) => make({ store: 'sqlite', operation: 'read', message: 'Locked.', cause }),
  InvalidPropertyError: (make, cause) => make({ key: 'spring.ai.x', value: 'y', allowed: 'true or false', cause }),
  PropertiesFileError: (make, cause) => make({ path: 'app.properties', cause }),
  ToolScanError: (make, cause) => make({ className: 'OrderTools', cause, manifestsLoaded: [] }),
  NoUniqueBindingError: (make, cause) =>
    make({ serviceName: 'SproutTokens.ChatModel', bindings: ['modules[0]: to(A)', 'modules[1]: to(B)'], cause }),
};

/** Classes named otherwise than after themselves, and why. */
const NAMES: Readonly<Record<string, string>> = {
  // As the DOM's and Node's abort errors, so `error.name === 'AbortError'` checks keep working.
  RequestAbortedError: 'AbortError',
};

const definition = { name: 'getOrder', description: 'Gets an order.', inputSchema: '{"type":"object"}' };
const emptyResult: ToolExecutionResult = { conversationHistory: [], returnDirect: false };

/** The exported error classes of every package, by package name, from one copy of the packages. */
function exportedErrorClasses(load: (name: string) => Record<string, unknown>): Map<string, ErrorClass[]> {
  const found = new Map<string, ErrorClass[]>();
  for (const dir of readdirSync(PACKAGES_DIR)) {
    const { name } = JSON.parse(readFileSync(path.join(PACKAGES_DIR, dir, 'package.json'), 'utf8')) as {
      name: string;
    };
    const classes = Object.values(load(name)).filter(
      (value): value is ErrorClass => typeof value === 'function' && value.prototype instanceof Error,
    );
    found.set(name, classes);
  }
  return found;
}

function instanceOf(errorClass: ErrorClass, cause: unknown): Error {
  const make: Construct = (...args) => new (errorClass as unknown as new (...a: unknown[]) => Error)(...args);
  const sample = SAMPLES[errorClass.name];
  return sample ? sample(make, cause) : make('A sample message.', { cause });
}

const packages = exportedErrorClasses((name) => jest.requireActual<Record<string, unknown>>(name));
let otherCopy: Map<string, ErrorClass[]> | undefined;
jest.isolateModules(() => {
  otherCopy = exportedErrorClasses((name) => jest.requireActual<Record<string, unknown>>(name));
});
const classes = [...packages.values()].flat();
const cases = [...packages].flatMap(([packageName, errorClasses]) =>
  errorClasses.map((errorClass) => [`${packageName} ${errorClass.name}`, errorClass] as const),
);

describe('exported error classes', () => {
  it('should be found in the packages, in the copy this file imports', () => {
    // Guards the discovery itself: a mapping that loaded nothing would pass every check below.
    expect(packages.get('@sprout-ai/core')).toContain(SproutError);
    expect(packages.get('@sprout-ai/boot')?.map((c) => c.name)).toContain('InvalidPropertyError');
  });

  it('should have names unique across packages, as their markers are', () => {
    expect(new Set(classes.map((c) => c.name)).size).toBe(classes.length);
  });

  describe.each(cases)('%s', (_label, errorClass) => {
    const cause = new Error('the underlying failure');
    const error = instanceOf(errorClass, cause);

    it('should extend SproutError and declare its own marker, named after the class', () => {
      expect(SproutError.isInstance(error)).toBe(true);
      expect(Object.hasOwn(errorClass, 'marker')).toBe(true);
      expect(Symbol.keyFor(errorClass.marker as symbol)).toBe(`sprout-ai.error.${errorClass.name}`);
    });

    it('should carry the brand with its marker', () => {
      expect((error as unknown as Record<symbol, unknown>)[BRAND]).toContain(errorClass.marker);
    });

    it('should keep the cause given to its constructor', () => {
      // A class without a sample got `(message, { cause })`: add a sample to SAMPLES if it takes other options.
      expect(error.cause).toBe(cause);
      expect(error.message).not.toBe('');
    });

    it('should be named after its class', () => {
      expect(error.name).toBe(NAMES[errorClass.name] ?? errorClass.name);
    });

    it('should tell its instances from a plain Error and from other classes’ instances', () => {
      const isInstance = (value: unknown): boolean => (errorClass as unknown as typeof SproutError).isInstance(value);
      expect(isInstance(error)).toBe(true);
      expect(isInstance(new Error(error.message))).toBe(false);
      for (const other of classes.filter((c) => c !== errorClass)) {
        const instance = instanceOf(other, cause);
        // True exactly for subclasses, e.g. ConfigurationError.isInstance(an InvalidPropertyError).
        expect([other.name, isInstance(instance)]).toEqual([other.name, instance instanceof errorClass]);
      }
    });

    it('should recognise an instance made by another copy of the packages', () => {
      const copy = [...(otherCopy as Map<string, ErrorClass[]>).values()]
        .flat()
        .find((c) => c.name === errorClass.name) as ErrorClass;
      const fromCopy = instanceOf(copy, cause);

      expect(copy).not.toBe(errorClass);
      expect(fromCopy).not.toBeInstanceOf(errorClass);
      expect((errorClass as unknown as typeof SproutError).isInstance(fromCopy)).toBe(true);
    });
  });
});
