import 'reflect-metadata';
import type { ToolMethodDecorator } from '@sprout-ai/core';
import { MCP_METADATA_KEYS } from './mcp-metadata-keys';

/** Options of {@link McpTool}. */
export interface McpToolOptions {
  /** Tool name MCP clients see. @defaultValue the `@Tool` name of the same method, else the method name */
  readonly name?: string;
  /** @defaultValue the `@Tool` description, else the method's TSDoc summary, else the method name */
  readonly description?: string;
  /** Human-readable title, for display in MCP clients (`tools/list` `title`). */
  readonly title?: string;
  /** Hints about the tool's behaviour for clients (`tools/list` `annotations`); untrusted by clients. */
  readonly annotations?: McpToolAnnotations;
}

/**
 * Behaviour hints of an MCP tool, sent in `tools/list`. Clients treat them as hints from the
 * server, not guarantees.
 *
 * @see Spring AI `@McpTool.McpAnnotations`
 */
export interface McpToolAnnotations {
  /** Display title; `@McpTool({ title })` wins. */
  readonly title?: string;
  /** It does not change its environment. @defaultValue false (per the MCP spec) */
  readonly readOnlyHint?: boolean;
  /** It may destroy data (meaningful when not read-only). @defaultValue true (per the MCP spec) */
  readonly destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect. @defaultValue false */
  readonly idempotentHint?: boolean;
  /** It reaches an open world (the web, other systems) rather than a closed domain. @defaultValue true */
  readonly openWorldHint?: boolean;
}

/** What `@McpTool` records for one method. */
export interface McpToolMethodOptions extends McpToolOptions {
  readonly methodName: string;
}

/** Every class with `@McpTool` methods (the boot scanner keeps those bound in the container). */
export const mcpToolClassRegistry = new Set<abstract new (...args: never[]) => unknown>();

/**
 * Exposes a method of an (injectable) class as a tool of Sprout's MCP server. Its argument schema
 * comes from the build-time manifest (`sprout-schema` reads `@McpTool` like `@Tool`); a method can
 * carry both decorators, so one bean serves the agent and MCP clients.
 *
 * @example
 * ```ts
 * @injectable()
 * class OrderTools {
 *   @McpTool({ description: 'Shipping status of an order' })
 *   getOrderStatus(@McpToolParam({ description: 'e.g. A123' }) orderId: string, ctx: ToolContext) { ... }
 * }
 * ```
 * @see Spring AI `@McpTool` (spring-ai-mcp-annotations)
 */
export function McpTool(options: McpToolOptions = {}): ToolMethodDecorator {
  return (target, propertyKey, descriptor) => {
    if (typeof propertyKey !== 'string' || typeof descriptor.value !== 'function') {
      throw new TypeError(`@McpTool can only decorate methods with string names (got ${String(propertyKey)})`);
    }
    const ctor = (typeof target === 'function' ? target : target.constructor) as object;
    const own: McpToolMethodOptions[] = Reflect.hasOwnMetadata(MCP_METADATA_KEYS.mcpToolMethods, ctor)
      ? (Reflect.getOwnMetadata(MCP_METADATA_KEYS.mcpToolMethods, ctor) as McpToolMethodOptions[])
      : [];
    Reflect.defineMetadata(
      MCP_METADATA_KEYS.mcpToolMethods,
      [...own.filter((m) => m.methodName !== propertyKey), { ...options, methodName: propertyKey }],
      ctor,
    );
    mcpToolClassRegistry.add(ctor as abstract new (...args: never[]) => unknown);
  };
}
