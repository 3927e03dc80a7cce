import type {
  GetPromptResult,
  Prompt,
  PromptMessage,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import type { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import {
  ConfigurationError,
  MethodToolCallback,
  MissingToolSchemaError,
  type ToolContext,
  toolDefinition,
  type ToolSchemaRegistry,
  toolSchemaRegistry,
} from '@sprout-ai/core';
import type { McpCompleteMethodOptions, McpCompleteRequest } from './mcp-complete';
import { MCP_METADATA_KEYS } from './mcp-metadata-keys';
import type { McpPromptMethodOptions } from './mcp-prompt';
import type { McpResourceMethodOptions } from './mcp-resource';
import { McpToolError } from './mcp-tool-error';
import { mergedInputSchema } from './mcp-tool-callbacks';
import { findMcpMethods } from './record-mcp-method';

/** A message of an `@McpPrompt` result (the SDK's `PromptMessage`). */
export type McpPromptMessage = PromptMessage;

/** One `@McpResource` method, ready to serve. */
export interface McpResourceSpec {
  /** As listed: a `Resource` for a fixed URI, a `ResourceTemplate` for a template. */
  readonly listing: Resource | ResourceTemplate;
  /** The template, when the URI has variables. */
  readonly template?: UriTemplate;
  /** Reads it: `variables` are the template's values (empty for a fixed URI). */
  read(uri: string, variables: Readonly<Record<string, string>>, toolContext: ToolContext): Promise<ReadResourceResult>;
}

/** One `@McpPrompt` method, ready to serve. */
export interface McpPromptSpec {
  readonly listing: Prompt;
  get(args: Readonly<Record<string, string>>, toolContext: ToolContext): Promise<GetPromptResult>;
}

/** One `@McpComplete` method, ready to serve. */
export interface McpCompletionSpec {
  readonly ref:
    { readonly type: 'ref/prompt'; readonly name: string } | { readonly type: 'ref/resource'; readonly uri: string };
  complete(request: McpCompleteRequest): Promise<string[]>;
}

/** The resources, prompts and completions of objects with `@McpResource`, `@McpPrompt` and `@McpComplete` methods. */
export interface McpServerFeatures {
  readonly resources: readonly McpResourceSpec[];
  readonly prompts: readonly McpPromptSpec[];
  readonly completions: readonly McpCompletionSpec[];
}

/**
 * Finds the `@McpResource`, `@McpPrompt` and `@McpComplete` methods of objects. Resource and
 * prompt methods run like `@McpTool` methods (core's `MethodToolCallback`: parameters by name from
 * the `sprout-schema` manifest, validated, `ToolContext` injected).
 *
 * @param objects - instances of classes with such methods (others are skipped)
 * @param schemaRegistry - where the methods' schemas are looked up @defaultValue core's shared registry
 * @throws MissingToolSchemaError when a resource or prompt method has no manifest entry (run `sprout-schema`)
 * @throws ConfigurationError when a template variable is not a parameter of its method
 * @see Spring AI `SyncMcpResourceProvider`, `SyncMcpPromptProvider`, `SyncMcpCompleteProvider`
 */
export function mcpServerFeatures(
  objects: readonly object[],
  schemaRegistry: ToolSchemaRegistry = toolSchemaRegistry,
): McpServerFeatures {
  const { UriTemplate } = sdkUriTemplate();
  const resources: McpResourceSpec[] = [];
  const prompts: McpPromptSpec[] = [];
  const completions: McpCompletionSpec[] = [];
  for (const object of objects) {
    for (const { declaringClass, options } of findMcpMethods<McpResourceMethodOptions>(
      object,
      MCP_METADATA_KEYS.mcpResourceMethods,
    )) {
      const callback = methodCallback(object, declaringClass, options.methodName, options.name, schemaRegistry);
      const name = callback.toolDefinition.name;
      const description =
        nonBlank(options.description) ??
        nonBlank(manifestDescription(schemaRegistry, declaringClass, options.methodName));
      const isTemplate = UriTemplate.isTemplate(options.uri);
      const template = isTemplate ? new UriTemplate(options.uri) : undefined;
      const parameters = new Set(
        Object.keys((JSON.parse(callback.toolDefinition.inputSchema) as { properties?: object }).properties ?? {}),
      );
      for (const variable of template?.variableNames ?? []) {
        if (!parameters.has(variable)) {
          throw new ConfigurationError({
            setting: `@McpResource uri of ${declaringClass.name}.${options.methodName}`,
            value: options.uri,
            allowed: `template variables named after the method's parameters (${[...parameters].join(', ') || 'none'})`,
            message: `The URI template '${options.uri}' of ${declaringClass.name}.${options.methodName} has a variable '${variable}' that is not a parameter of the method.`,
          });
        }
      }
      const common = {
        name,
        ...(options.title === undefined ? {} : { title: options.title }),
        ...(description === undefined ? {} : { description }),
        ...(options.mimeType === undefined ? {} : { mimeType: options.mimeType }),
      };
      resources.push({
        listing: isTemplate ? { uriTemplate: options.uri, ...common } : { uri: options.uri, ...common },
        ...(template === undefined ? {} : { template }),
        read: async (uri, variables, toolContext) => {
          const result = await callback.invokePrepared(
            callback.prepareArguments(JSON.stringify(variables)),
            toolContext,
          );
          const mimeType = options.mimeType;
          if (typeof result === 'string')
            return { contents: [{ uri, mimeType: mimeType ?? 'text/plain', text: result }] };
          if (result instanceof Uint8Array) {
            return {
              contents: [
                { uri, mimeType: mimeType ?? 'application/octet-stream', blob: Buffer.from(result).toString('base64') },
              ],
            };
          }
          throw new McpToolError(`Resource '${name}' returned neither text nor bytes.`);
        },
      });
    }
    for (const { declaringClass, options } of findMcpMethods<McpPromptMethodOptions>(
      object,
      MCP_METADATA_KEYS.mcpPromptMethods,
    )) {
      const callback = methodCallback(object, declaringClass, options.methodName, options.name, schemaRegistry);
      const name = callback.toolDefinition.name;
      const description =
        nonBlank(options.description) ??
        nonBlank(manifestDescription(schemaRegistry, declaringClass, options.methodName));
      const schema = JSON.parse(callback.toolDefinition.inputSchema) as {
        properties?: Record<string, { description?: string }>;
        required?: string[];
      };
      const listing: Prompt = {
        name,
        ...(options.title === undefined ? {} : { title: options.title }),
        ...(description === undefined ? {} : { description }),
        arguments: Object.entries(schema.properties ?? {}).map(([argument, property]) => ({
          name: argument,
          ...(property.description === undefined ? {} : { description: property.description }),
          required: schema.required?.includes(argument) ?? false,
        })),
      };
      prompts.push({
        listing,
        get: async (args, toolContext) => {
          const result = await callback.invokePrepared(callback.prepareArguments(JSON.stringify(args)), toolContext);
          const messages: PromptMessage[] =
            typeof result === 'string'
              ? [{ role: 'user', content: { type: 'text', text: result } }]
              : (result as PromptMessage[]);
          if (!Array.isArray(messages)) throw new McpToolError(`Prompt '${name}' returned neither text nor messages.`);
          return { ...(description === undefined ? {} : { description }), messages };
        },
      });
    }
    for (const { options } of findMcpMethods<McpCompleteMethodOptions>(object, MCP_METADATA_KEYS.mcpCompleteMethods)) {
      const method = (object as Record<string, (request: McpCompleteRequest) => unknown>)[options.methodName];
      completions.push({
        ref:
          options.prompt === undefined
            ? { type: 'ref/resource', uri: options.uri }
            : { type: 'ref/prompt', name: options.prompt },
        complete: async (request) => {
          const values: unknown = await method.call(object, request);
          return Array.isArray(values) ? values.map(String) : [];
        },
      });
    }
  }
  return { resources, prompts, completions };
}

function methodCallback(
  object: object,
  declaringClass: abstract new (...args: never[]) => unknown,
  methodName: string,
  name: string | undefined,
  schemaRegistry: ToolSchemaRegistry,
): MethodToolCallback {
  const schema = schemaRegistry.get(declaringClass.name, methodName);
  if (schema === undefined) {
    throw new MissingToolSchemaError({
      className: declaringClass.name,
      methodName,
      loadedSources: schemaRegistry.sources,
    });
  }
  return new MethodToolCallback({
    toolDefinition: toolDefinition({
      name: name?.trim() || methodName,
      description: schema.description ?? '',
      inputSchema: JSON.stringify(mergedInputSchema(schema, declaringClass, methodName)),
    }),
    toolObject: object,
    toolMethodName: methodName,
    methodSchema: schema,
  });
}

function manifestDescription(
  schemaRegistry: ToolSchemaRegistry,
  declaringClass: abstract new (...args: never[]) => unknown,
  methodName: string,
): string | undefined {
  return schemaRegistry.get(declaringClass.name, methodName)?.description;
}

function nonBlank(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}

function sdkUriTemplate(): typeof import('@modelcontextprotocol/sdk/shared/uriTemplate.js') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the SDK is loaded on first use (see mcp-tool-server)
  return require('@modelcontextprotocol/sdk/shared/uriTemplate.js') as typeof import('@modelcontextprotocol/sdk/shared/uriTemplate.js');
}
