import 'reflect-metadata';
import {
  ConfigurationError,
  DefaultToolCallResultConverter,
  type ToolCallResultConverter,
  MissingToolSchemaError,
  toolDefinition,
  type ToolMethodOptions,
  type ToolMethodSchema,
  type ToolParamOptions,
  type ToolSchemaRegistry,
  toolSchemaRegistry,
} from '@sprout-ai/core';
import { assertUniqueToolNames, mergeToolParamOptions, METADATA_KEYS } from '@sprout-ai/core/internal';
import { MCP_METADATA_KEYS } from './mcp-metadata-keys';
import { McpMethodToolCallback } from './mcp-method-tool-callback';
import type { McpToolMethodOptions } from './mcp-tool';
import type { McpToolParamOptions } from './mcp-tool-param';

type ToolClass = abstract new (...args: never[]) => unknown;

interface FoundMcpTool {
  readonly declaringClass: ToolClass;
  readonly options: McpToolMethodOptions;
}

/**
 * The `@McpTool` methods of objects as tool callbacks (core's `MethodToolCallback`, so arguments
 * are validated and converted as for `@Tool` methods).
 *
 * Each object's prototype chain is walked once (a subclass's `@McpTool` hides the parent's). Name:
 * `@McpTool` name, else the `@Tool` name of the same method, else the method name; description
 * likewise, then the TSDoc summary from the manifest. The input schema is the manifest's, with
 * `@ToolParam` and then `@McpToolParam` options merged in by parameter index. A string result is
 * sent as it is; other results as JSON (core's `DefaultToolCallResultConverter`). `title` and
 * `annotations` ride on the callback (an {@link McpMethodToolCallback}) for `tools/list`.
 *
 * @param toolObjects - instances of classes with `@McpTool` methods
 * @param schemaRegistry - where the methods' schemas are looked up @defaultValue core's shared registry
 * @returns one callback per `@McpTool` method
 * @throws ConfigurationError when an element is not an object
 * @throws MissingToolSchemaError when a method has no manifest entry (run `sprout-schema`)
 * @throws DuplicateToolNameError when two methods have the same tool name
 * @see Spring AI `McpToolUtils.toSyncToolSpecification`
 */
export function mcpToolCallbacks(
  toolObjects: readonly object[],
  schemaRegistry: ToolSchemaRegistry = toolSchemaRegistry,
): McpMethodToolCallback[] {
  const callbacks: McpMethodToolCallback[] = [];
  for (const toolObject of toolObjects) {
    if (typeof toolObject !== 'object' || toolObject === null) {
      throw new ConfigurationError({
        setting: 'mcpToolCallbacks toolObjects',
        value: toolObject,
        allowed: 'instances of classes with @McpTool methods',
        message: `An MCP tool object must be an instance of a class with @McpTool methods.`,
      });
    }
    for (const { declaringClass, options } of findMcpToolMethods(toolObject)) {
      const { methodName } = options;
      const schema = schemaRegistry.get(declaringClass.name, methodName);
      if (schema === undefined) {
        throw new MissingToolSchemaError({
          className: declaringClass.name,
          methodName,
          loadedSources: schemaRegistry.sources,
        });
      }
      const toolOptions = ownOptions<ToolMethodOptions>(declaringClass, METADATA_KEYS.toolMethods, methodName);
      const name = nonBlank(options.name) ?? nonBlank(toolOptions?.name) ?? methodName;
      callbacks.push(
        new McpMethodToolCallback({
          ...(nonBlank(options.title ?? options.annotations?.title) === undefined
            ? {}
            : { title: options.title ?? options.annotations?.title }),
          ...(options.annotations === undefined ? {} : { annotations: options.annotations }),
          toolDefinition: toolDefinition({
            name,
            description:
              nonBlank(options.description) ??
              nonBlank(toolOptions?.description) ??
              nonBlank(schema.description) ??
              methodName,
            inputSchema: JSON.stringify(mergedInputSchema(schema, declaringClass, methodName)),
          }),
          toolObject,
          toolMethodName: methodName,
          methodSchema: schema,
          resultConverter: textAsIs(new DefaultToolCallResultConverter({ toolName: name })),
        }),
      );
    }
  }
  assertUniqueToolNames(callbacks);
  return callbacks;
}

/** Strings unchanged (an MCP text part needs no JSON quoting); everything else through `fallback`. */
function textAsIs(fallback: ToolCallResultConverter): ToolCallResultConverter {
  return {
    convert: (result, returnsVoid) => (typeof result === 'string' ? result : fallback.convert(result, returnsVoid)),
  };
}

function findMcpToolMethods(toolObject: object): FoundMcpTool[] {
  const found: FoundMcpTool[] = [];
  const seen = new Set<string>();
  for (let proto: unknown = Object.getPrototypeOf(toolObject); isObject(proto); proto = Object.getPrototypeOf(proto)) {
    if (proto === Object.prototype || !Object.prototype.hasOwnProperty.call(proto, 'constructor')) continue;
    const ctor = (proto as { constructor: ToolClass }).constructor;
    const methods = (Reflect.getOwnMetadata(MCP_METADATA_KEYS.mcpToolMethods, ctor) ?? []) as McpToolMethodOptions[];
    for (const options of methods) {
      if (seen.has(options.methodName)) continue;
      seen.add(options.methodName);
      if (typeof (toolObject as Record<string, unknown>)[options.methodName] !== 'function') continue;
      found.push({ declaringClass: ctor, options });
    }
  }
  return found;
}

function ownOptions<T extends { methodName: string }>(ctor: ToolClass, key: string, methodName: string): T | undefined {
  const all = (Reflect.getOwnMetadata(key, ctor) ?? []) as T[];
  return all.find((options) => options.methodName === methodName);
}

/** A method's manifest input schema with `@ToolParam`, then `@McpToolParam`/`@McpArg`, options merged in by index. */
export function mergedInputSchema(
  schema: ToolMethodSchema,
  ctor: ToolClass,
  methodName: string,
): Record<string, unknown> {
  const toolParams = (
    (Reflect.getOwnMetadata(METADATA_KEYS.toolParams, ctor) ?? {}) as Record<string, Record<number, ToolParamOptions>>
  )[methodName];
  const mcpParams = (
    (Reflect.getOwnMetadata(MCP_METADATA_KEYS.mcpToolParams, ctor) ?? {}) as Record<
      string,
      Record<number, McpToolParamOptions>
    >
  )[methodName];
  // @McpToolParam wins over @ToolParam, field by field.
  const merged: Record<number, ToolParamOptions> = { ...toolParams };
  for (const [index, options] of Object.entries(mcpParams ?? {})) {
    const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    merged[Number(index)] = { ...merged[Number(index)], ...defined };
  }
  return mergeToolParamOptions(schema, merged);
}

function nonBlank(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}
