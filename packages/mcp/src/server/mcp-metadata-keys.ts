/** Reflect-metadata keys of the mcp package, stored on class constructors. */
export const MCP_METADATA_KEYS = {
  /** `McpToolMethodOptions[]` of a class's own `@McpTool` methods. */
  mcpToolMethods: '@sprout-ai/mcp/server/tool-methods',
  /** `Record<methodName, Record<index, McpToolParamOptions>>`. */
  mcpToolParams: '@sprout-ai/mcp/server/tool-params',
} as const;
