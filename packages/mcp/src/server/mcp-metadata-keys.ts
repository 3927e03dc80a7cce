/** Reflect-metadata keys of the mcp package, stored on class constructors. */
export const MCP_METADATA_KEYS = {
  /** `McpToolMethodOptions[]` of a class's own `@McpTool` methods. */
  mcpToolMethods: '@sprout-ai/mcp/server/tool-methods',
  /** `Record<methodName, Record<index, McpToolParamOptions>>`. */
  mcpToolParams: '@sprout-ai/mcp/server/tool-params',
  /** `McpResourceMethodOptions[]` of a class's own `@McpResource` methods. */
  mcpResourceMethods: '@sprout-ai/mcp/server/resource-methods',
  /** `McpPromptMethodOptions[]` of a class's own `@McpPrompt` methods. */
  mcpPromptMethods: '@sprout-ai/mcp/server/prompt-methods',
  /** `McpCompleteMethodOptions[]` of a class's own `@McpComplete` methods. */
  mcpCompleteMethods: '@sprout-ai/mcp/server/complete-methods',
} as const;
