import { ConfigurationError } from '../../error/configuration-error';
import { createLogger } from '../../util/logger';
import type { ToolMethodOptions, ToolOptions } from '../annotation/tool';
import type { ToolCallResultConverter } from '../execution/tool-call-result-converter';
import { DEFAULT_TOOL_METADATA, type ToolMetadata } from '../metadata/tool-metadata';
import { MissingToolSchemaError } from '../schema/missing-tool-schema-error';
import { runtimeToolMethodSchema } from '../schema/runtime-tool-method-schema';
import { toolSchemaRegistry, type ToolSchemaRegistry } from '../schema/tool-schema-registry';
import { assertUniqueToolNames } from '../support/assert-unique-tool-names';
import { ToolMethodNotFoundError } from '../support/tool-method-not-found-error';
import type { ToolDefinition } from '../definition/tool-definition';
import type { ToolMethodSchema } from '../schema/tool-schema-manifest';
import type { ToolCallback } from '../tool-callback';
import type { ToolCallbackProvider } from '../tool-callback-provider';
import { type FoundToolMethod, findToolMethods, forEachToolClass, NO_PARAM_OPTIONS } from './find-tool-methods';
import { MethodToolCallback } from './method-tool-callback';
import { hasToolParamSchema, methodToolDefinition, methodToolName } from './method-tool-definition';

const logger = createLogger('sprout.tool.method');

/** Tool names OpenAI accepts. */
const PORTABLE_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Newline-separated tool names, all portable. */
const PORTABLE_TOOL_NAMES = /^[a-zA-Z0-9_-]{1,64}(?:\n[a-zA-Z0-9_-]{1,64})*$/;

/** Options of {@link MethodToolCallbackProvider}. */
export interface MethodToolCallbackProviderOptions {
  /** Instances of classes with `@Tool` methods. */
  readonly toolObjects: readonly object[];
  /** Where the methods' schemas come from. @defaultValue the shared {@link toolSchemaRegistry} */
  readonly schemaRegistry?: ToolSchemaRegistry;
}

/**
 * Turns the `@Tool` methods of objects into {@link MethodToolCallback}s.
 *
 * Each object's prototype chain is walked once (a subclass's `@Tool` method hides the parent's of
 * the same name; accessors are skipped); each method's schema comes from the schema registry
 * (class = the declaring class's constructor `name`), with `@ToolParam` options merged in; a
 * method without an entry uses {@link runtimeToolMethodSchema} instead when the registry allows it
 * (`enableRuntimeFallback()`) and its parameters are all described at run time.
 *
 * @example
 * ```ts
 * const tools = MethodToolCallbackProvider.builder().toolObjects(new OrderTools()).build();
 * tools.getToolCallbacks(); // [MethodToolCallback for OrderTools.getOrderStatus, ...]
 * ```
 * @remarks As in Spring, the constructor checks the tools (every method has a schema, names are
 * unique, result converters can be made, `@ToolParam({ schema })` merges) and the callbacks are
 * built by {@link getToolCallbacks}. Departures from Spring AI: inherited `@Tool` methods count
 * (Spring scans only the class's own methods), and the callbacks are built once, at the first
 * {@link getToolCallbacks} call, which returns the same list every time (Spring builds new
 * instances on each call) — so a container with hundreds of tools starts without building them.
 * @see Spring AI `MethodToolCallbackProvider`
 */
export class MethodToolCallbackProvider implements ToolCallbackProvider {
  readonly #tools: readonly CheckedToolObject[];
  readonly #registry: ToolSchemaRegistry;
  #callbacks: readonly ToolCallback[] | undefined;

  /**
   * @param options - the tool objects and the schema registry
   * @throws ConfigurationError when an element is not an object, or a `resultConverter` class
   * cannot be instantiated
   * @throws ToolMethodNotFoundError when an element has no `@Tool` methods
   * @throws MissingToolSchemaError when a `@Tool` method has no manifest entry
   * @throws DuplicateToolNameError when two methods have the same tool name
   */
  constructor(options: MethodToolCallbackProviderOptions) {
    const registry = options.schemaRegistry ?? toolSchemaRegistry;
    const converters = new Map<unknown, ToolCallResultConverter>();
    const tools: CheckedToolObject[] = [];
    const names = new Set<string>();
    let duplicated = false;
    for (let index = 0; index < options.toolObjects.length; index++) {
      const toolObject = options.toolObjects[index];
      if (typeof toolObject !== 'object' || toolObject === null) {
        throw new ConfigurationError({
          setting: 'toolObjects',
          value: toolObject,
          allowed: 'instances of classes with @Tool methods',
          message: `Tool object #${index} is ${toolObject === null ? 'null' : typeof toolObject}; pass instances of classes with @Tool methods.`,
        });
      }
      // Only what can fail is done per method here; the rest waits for getToolCallbacks.
      let prepared: Map<ToolMethodOptions, PreparedToolMethod> | undefined;
      const count = forEachToolClass(toolObject, (declaringClass, methods, params) => {
        const className = declaringClass.name;
        for (const toolOptions of methods) {
          const methodName = toolOptions.methodName;
          // Most tools are named after their method; the name option is read only when set.
          const name = toolOptions.name === undefined ? methodName : methodToolName(toolOptions);
          if (names.has(name)) duplicated = true;
          else names.add(name);
          const paramOptions = params?.[methodName] ?? NO_PARAM_OPTIONS;
          const inManifest = registry.has(className, methodName);
          if (inManifest && toolOptions.resultConverter === undefined && paramOptions === NO_PARAM_OPTIONS) continue;
          const method: FoundToolMethod = { declaringClass, options: toolOptions, paramOptions };
          const runtimeSchema = inManifest ? undefined : runtimeSchemaOrThrow(registry, toolObject, method);
          prepared ??= new Map();
          prepared.set(toolOptions, {
            runtimeSchema,
            // A `@ToolParam({ schema })` is merged now, so a bad one fails here rather than at the first request.
            definition: hasToolParamSchema(method)
              ? methodToolDefinition(method, runtimeSchema ?? manifestSchema(registry, method))
              : undefined,
            resultConverter:
              toolOptions.resultConverter === undefined ? undefined : resolveConverter(toolOptions, name, converters),
          });
        }
      });
      if (count === 0) {
        const className = toolObject.constructor?.name || 'Object';
        throw new ToolMethodNotFoundError(
          `No @Tool methods found on ${className}. Did you mean to pass a ToolCallback or ToolCallbackProvider? ` +
            'If so, register it as a tool callback (e.g. .toolCallbacks(...)) instead of as a tool object; ' +
            'otherwise mark the methods with @Tool().',
          { className },
        );
      }
      tools.push({ toolObject, prepared });
    }
    this.#tools = tools;
    this.#registry = registry;
    // The detailed error names the sources of each duplicate: build the callbacks to report it.
    if (duplicated) assertUniqueToolNames(this.getToolCallbacks());
  }

  /** `MethodToolCallbackProvider.builder().toolObjects(a, b).schemaRegistry(r).build()`. */
  static builder(): MethodToolCallbackProviderBuilder {
    return new MethodToolCallbackProviderBuilder();
  }

  /**
   * @returns one callback per `@Tool` method of the tool objects (built at the first call; the same
   * list every time). Building them logs a warning for each tool name OpenAI would reject, as Spring's
   * `ToolUtils` does when it names a tool.
   */
  getToolCallbacks(): readonly ToolCallback[] {
    if (this.#callbacks !== undefined) return this.#callbacks;
    this.#callbacks = Object.freeze(
      this.#tools.flatMap(({ toolObject, prepared }) =>
        findToolMethods(toolObject).map((method) => {
          const early = prepared?.get(method.options);
          const schema = early?.runtimeSchema ?? manifestSchema(this.#registry, method);
          return new MethodToolCallback({
            toolDefinition: early?.definition ?? methodToolDefinition(method, schema),
            toolMetadata: toolMetadataOf(method.options),
            toolObject,
            toolMethodName: method.options.methodName,
            methodSchema: schema,
            resultConverter: early?.resultConverter,
          });
        }),
      ),
    );
    warnAboutUnportableNames(this.#callbacks.map((callback) => callback.toolDefinition.name));
    return this.#callbacks;
  }
}

/** A tool object the constructor checked, waiting for its callbacks to be built. */
interface CheckedToolObject {
  readonly toolObject: object;
  /** What the constructor already made for some methods (by their `@Tool` options). */
  readonly prepared: ReadonlyMap<ToolMethodOptions, PreparedToolMethod> | undefined;
}

/** What the constructor makes for a method with a runtime schema, `@ToolParam` options or a result converter. */
interface PreparedToolMethod {
  /** Set when the manifest has no entry and the registry's runtime fallback made the schema. */
  readonly runtimeSchema: ToolMethodSchema | undefined;
  /** Made when `@ToolParam({ schema })` must be merged. */
  readonly definition: ToolDefinition | undefined;
  readonly resultConverter: ToolCallResultConverter | undefined;
}

/**
 * Builds a {@link MethodToolCallbackProvider}.
 *
 * @see Spring AI `MethodToolCallbackProvider.Builder`
 */
export class MethodToolCallbackProviderBuilder {
  private objects: readonly object[] = [];
  private registry: ToolSchemaRegistry | undefined;

  /** Sets (replaces) the tool objects. */
  toolObjects(...toolObjects: object[]): this {
    this.objects = [...toolObjects];
    return this;
  }

  /** The registry to read schemas from. @defaultValue the shared {@link toolSchemaRegistry} */
  schemaRegistry(schemaRegistry: ToolSchemaRegistry): this {
    this.registry = schemaRegistry;
    return this;
  }

  /** @throws as {@link MethodToolCallbackProvider}'s constructor does */
  build(): MethodToolCallbackProvider {
    return new MethodToolCallbackProvider({ toolObjects: this.objects, schemaRegistry: this.registry });
  }
}

/** The runtime-fallback schema of a method the manifest lacks. @throws MissingToolSchemaError when there is none */
function runtimeSchemaOrThrow(
  registry: ToolSchemaRegistry,
  toolObject: object,
  method: FoundToolMethod,
): ToolMethodSchema {
  const schema = registry.runtimeFallback ? runtimeToolMethodSchema(toolObject, method) : undefined;
  if (schema === undefined) {
    throw new MissingToolSchemaError({
      className: method.declaringClass.name,
      methodName: method.options.methodName,
      loadedSources: registry.sources,
    });
  }
  return schema;
}

/** The manifest entry of a method the constructor found in the registry. */
function manifestSchema(registry: ToolSchemaRegistry, method: FoundToolMethod): ToolMethodSchema {
  return registry.get(method.declaringClass.name, method.options.methodName) as ToolMethodSchema;
}

/** Warns about each tool name OpenAI would reject. */
function warnAboutUnportableNames(names: readonly string[]): void {
  // One match over all the names: there are often hundreds, nearly always all portable.
  if (PORTABLE_TOOL_NAMES.test(names.join('\n'))) return;
  for (const name of names) {
    if (!PORTABLE_TOOL_NAME.test(name)) {
      logger.warn(
        { tool: name },
        `Tool name '${name}' does not match ${PORTABLE_TOOL_NAME.source}; some models reject it.`,
      );
    }
  }
}

/** The tool's `resultConverter` (a class is instantiated once per provider); `undefined` lets the callback use its default. */
function resolveConverter(
  options: ToolOptions,
  toolName: string,
  instances: Map<unknown, ToolCallResultConverter>,
): ToolCallResultConverter | undefined {
  const converter = options.resultConverter;
  if (converter === undefined) return undefined;
  if (typeof converter !== 'function') return converter;
  let instance = instances.get(converter);
  if (instance === undefined) {
    try {
      instance = new converter();
    } catch (error) {
      throw new ConfigurationError({
        setting: `resultConverter of tool '${toolName}'`,
        value: converter,
        allowed: 'a ToolCallResultConverter instance, or a class with a constructor without arguments',
        message:
          `Failed to instantiate the result converter ${converter.name} of tool '${toolName}': ${(error as Error).message}. ` +
          'A resultConverter class needs a constructor without arguments; or pass an instance.',
        cause: error,
      });
    }
    instances.set(converter, instance);
  }
  return instance;
}

/** The `@Tool` options that become metadata; the shared default when none is set. */
function toolMetadataOf(options: ToolMethodOptions): ToolMetadata {
  const { returnDirect, concurrency, timeoutMs, maxResultChars, approval } = options;
  if (
    returnDirect !== true &&
    concurrency === undefined &&
    timeoutMs === undefined &&
    maxResultChars === undefined &&
    approval === undefined
  ) {
    return DEFAULT_TOOL_METADATA;
  }
  return Object.freeze({
    returnDirect: returnDirect === true,
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(maxResultChars === undefined ? {} : { maxResultChars }),
    ...(approval === undefined ? {} : { approval }),
  });
}
