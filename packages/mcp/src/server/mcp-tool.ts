import 'reflect-metadata';
import type { ToolMethodDecorator } from '@sprout-ai/core';
import { MCP_METADATA_KEYS } from './mcp-metadata-keys';

/** Options of {@link McpTool}. */
export interface McpToolOptions {
  /** Tool name MCP clients see. @defaultValue the `@Tool` name of the same method, else the method name */
  readonly name?: string;
  /** @defaultValue the `@Tool` description, else the method's TSDoc summary, else the method name */
  readonly description?: string;
  /** Human-readable title, for display in MCP clients. */
  readonly title?: string;
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
