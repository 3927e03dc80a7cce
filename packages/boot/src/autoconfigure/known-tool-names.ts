import type { ToolCallback, ToolCallbackProvider } from '@sprout-ai/core';
import { McpToolsNotListedError } from '@sprout-ai/mcp';
import type { ServiceIdentifier } from 'inversify';
import { McpTokens } from '../mcp-tokens';
import { SproutTokens } from '../sprout-tokens';

/** What a container or a resolution context offers for an optional lookup. */
export interface OptionalServiceLookup {
  get<T>(serviceIdentifier: ServiceIdentifier<T>, options: { optional: true }): T | undefined;
}

/**
 * The names of the tools known once the application has started: the scanned `@Tool` methods, then
 * the tools of the `spring.ai.mcp.client.*` connections. Tools given per request are not among them.
 *
 * @param services - the container, or the resolution context of a binding
 */
export function knownToolNames(services: OptionalServiceLookup): string[] {
  const local = services.get<ToolCallbackProvider>(SproutTokens.ToolCallbackProvider, { optional: true });
  const mcp = services.get<ToolCallbackProvider>(McpTokens.McpToolCallbackProvider, { optional: true });
  return [...(local?.getToolCallbacks() ?? []), ...listedToolsOf(mcp)].map((c) => c.toolDefinition.name);
}

/** The MCP tools once listed; none before start-up listed them (something resolved early). */
function listedToolsOf(provider: ToolCallbackProvider | undefined): readonly ToolCallback[] {
  try {
    return provider?.getToolCallbacks() ?? [];
  } catch (error) {
    if (McpToolsNotListedError.isInstance(error)) return [];
    throw error;
  }
}
