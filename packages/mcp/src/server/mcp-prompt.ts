import type { ToolMethodDecorator } from '@sprout-ai/core';
import { MCP_METADATA_KEYS } from './mcp-metadata-keys';
import { recordMcpMethod } from './record-mcp-method';

/** Options of {@link McpPrompt}. */
export interface McpPromptOptions {
  /** @defaultValue the method name */
  readonly name?: string;
  /** Human-readable title, for display in MCP clients. */
  readonly title?: string;
  /** @defaultValue the method's TSDoc summary */
  readonly description?: string;
}

/** What `@McpPrompt` records for one method. */
export interface McpPromptMethodOptions extends McpPromptOptions {
  readonly methodName: string;
}

/**
 * Serves a method as an MCP prompt (`prompts/list`, `prompts/get`). Its parameters are the
 * prompt's arguments (strings; names, descriptions and which are required from the `sprout-schema`
 * manifest, descriptions also from `@McpArg`). It returns a string (one user text message) or
 * `McpPromptMessage`s.
 *
 * @example
 * ```ts
 * @McpPrompt({ description: 'Asks for a summary of an order' })
 * summarize(@McpArg({ description: 'e.g. A123' }) orderId: string): string {
 *   return `Summarize order ${orderId}.`;
 * }
 * ```
 * @see Spring AI `@McpPrompt` (spring-ai-mcp-annotations)
 */
export function McpPrompt(options: McpPromptOptions = {}): ToolMethodDecorator {
  return (target, propertyKey, descriptor) =>
    recordMcpMethod('@McpPrompt', MCP_METADATA_KEYS.mcpPromptMethods, target, propertyKey, descriptor, options);
}
