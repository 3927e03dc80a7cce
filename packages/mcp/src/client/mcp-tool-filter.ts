import type { Implementation, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** Which connection a listed tool comes from. */
export interface McpConnectionInfo {
  /** The connection name, e.g. `everything`. */
  readonly connectionName: string;
  /** The server's `serverInfo` from `initialize`, e.g. `{ name: 'mcp-servers/everything', version: '2.0.0' }`. */
  readonly serverInfo?: Implementation;
}

/**
 * Decides whether a listed MCP tool is offered to the model; applied before tools are named, so a
 * filtered-out tool neither takes a name nor causes a prefix.
 *
 * @example
 * ```ts
 * const filter: McpToolFilter = (info, tool) => info.connectionName !== 'everything' || tool.name.startsWith('get-');
 * ```
 * @see Spring AI `McpToolFilter`
 */
export type McpToolFilter = (connection: McpConnectionInfo, tool: McpTool) => boolean;
