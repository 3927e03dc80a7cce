import type { ToolMethodDecorator } from '@sprout-ai/core';
import { MCP_METADATA_KEYS } from './mcp-metadata-keys';
import { recordMcpMethod } from './record-mcp-method';

/** Options of {@link McpResource}. */
export interface McpResourceOptions {
  /**
   * The resource's URI, e.g. `docs://readme`, or a URI template (RFC 6570) whose variables are the
   * method's parameters by name, e.g. `orders://{orderId}/status` for `status(orderId: string)`.
   */
  readonly uri: string;
  /** @defaultValue the method name */
  readonly name?: string;
  /** Human-readable title, for display in MCP clients. */
  readonly title?: string;
  /** @defaultValue the method's TSDoc summary */
  readonly description?: string;
  /** MIME type of the contents, e.g. `application/json`. @defaultValue `text/plain` for text */
  readonly mimeType?: string;
}

/** What `@McpResource` records for one method. */
export interface McpResourceMethodOptions extends McpResourceOptions {
  readonly methodName: string;
}

/**
 * Serves a method as an MCP resource (`resources/list`, `resources/read`) or, when `uri` is a
 * template, a resource template (`resources/templates/list`); clients may subscribe to it
 * (`McpToolServer.notifyResourceUpdated`). The method returns the contents: a string (text) or
 * bytes (`Uint8Array`, sent as a base64 blob). Its parameters (the template's variables, strings)
 * come from the `sprout-schema` manifest like an `@McpTool`'s; a `ToolContext` parameter is filled.
 *
 * @example
 * ```ts
 * @McpResource({ uri: 'orders://{orderId}/status', mimeType: 'application/json' })
 * status(orderId: string): string { return JSON.stringify(this.orders.status(orderId)); }
 * ```
 * @see Spring AI `@McpResource` (spring-ai-mcp-annotations)
 */
export function McpResource(options: McpResourceOptions): ToolMethodDecorator {
  return (target, propertyKey, descriptor) =>
    recordMcpMethod('@McpResource', MCP_METADATA_KEYS.mcpResourceMethods, target, propertyKey, descriptor, options);
}
