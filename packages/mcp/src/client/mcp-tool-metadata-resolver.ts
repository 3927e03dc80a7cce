import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolMetadata } from '@sprout-ai/core';
import type { McpConnectionInfo } from './mcp-tool-filter';

/**
 * The execution rules of a listed MCP tool, as the tool loop applies them: `timeoutMs` (on
 * expiry the server gets `notifications/cancelled` and the model reads a timeout error),
 * `concurrency` (`'exclusive'` for a tool that must not overlap the round's other calls),
 * `maxResultChars` and `returnDirect`. What it leaves out takes the default
 * (`DEFAULT_TOOL_METADATA`, then the manager's settings); `undefined` means the defaults.
 *
 * @example
 * ```ts
 * const rules: McpToolMetadataResolver = (info, tool) =>
 *   info.connectionName === 'search' ? { timeoutMs: 10_000, maxResultChars: 20_000 } : undefined;
 * ```
 * @remarks Not in Spring AI, whose MCP tool callbacks have the default `ToolMetadata`.
 */
export type McpToolMetadataResolver = (
  connection: McpConnectionInfo,
  tool: McpTool,
) => Partial<ToolMetadata> | undefined;
