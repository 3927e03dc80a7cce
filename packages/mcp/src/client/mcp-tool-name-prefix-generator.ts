import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnectionInfo } from './mcp-tool-filter';
import { assignMcpToolNames, toProviderSafeToolName } from './mcp-tool-names';

/** One listed tool to be named, with the connection it comes from. */
export interface McpToolToName {
  readonly connection: McpConnectionInfo;
  readonly tool: McpTool;
}

/**
 * Names the MCP tools the model sees: gets every listed tool of every connection at once (names
 * often depend on the others, e.g. a prefix only where two servers share a name) and returns one
 * name per tool, in order. The names must be unique (the provider fails with
 * `DuplicateToolNameError` otherwise); `tools/call` always uses the tool's own name.
 *
 * @see McpToolNamePrefixGenerators for the default, `noPrefix()` and per-tool generators
 * @see Spring AI `McpToolNamePrefixGenerator`
 * @remarks Spring's generator names one tool at a time; here it sees the whole list, so the default
 * can name duplicates the same way in any listing order.
 */
export type McpToolNamePrefixGenerator = (tools: readonly McpToolToName[]) => string[];

/** The {@link McpToolNamePrefixGenerator}s Sprout provides. */
export const McpToolNamePrefixGenerators = {
  /**
   * The default: provider-safe names, the connection name as prefix only for tools whose names
   * several connections share, hashes for what stays equal ({@link assignMcpToolNames}).
   */
  defaults(): McpToolNamePrefixGenerator {
    return (tools) =>
      assignMcpToolNames(
        tools.map(({ connection, tool }) => ({ connectionName: connection.connectionName, toolName: tool.name })),
      );
  },

  /**
   * Each tool's own name, made provider-safe (`toProviderSafeToolName`), never prefixed: two
   * connections listing the same name fail with `DuplicateToolNameError`.
   *
   * @see Spring AI `McpToolNamePrefixGenerator.noPrefix()`
   * @remarks Spring keeps the raw name; here characters a model provider rejects are still replaced.
   */
  noPrefix(): McpToolNamePrefixGenerator {
    return (tools) => tools.map(({ tool }) => toProviderSafeToolName(tool.name));
  },

  /**
   * Names each tool on its own, e.g. `(c, tool) => \`${c.connectionName}__${tool.name}\``.
   *
   * @param name - the name of one tool; it must match `^[a-zA-Z0-9_-]{1,64}$` for OpenAI
   */
  perTool(name: (connection: McpConnectionInfo, tool: McpTool) => string): McpToolNamePrefixGenerator {
    return (tools) => tools.map(({ connection, tool }) => name(connection, tool));
  },
} as const;
