// `@sprout-ai/mcp/internal`: what boot's MCP server start-up needs and users do not call. No
// compatibility promise. Users import from `@sprout-ai/mcp`.
export { mcpToolClassRegistry } from './server/mcp-tool';
export { MCP_METADATA_KEYS } from './server/mcp-metadata-keys';
