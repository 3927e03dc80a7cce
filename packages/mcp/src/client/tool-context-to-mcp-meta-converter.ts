import type { ToolContext } from '@sprout-ai/core';

/**
 * Chooses which `ToolContext` entries travel to the MCP server as the `tools/call` request's
 * `_meta`. Returns `undefined` or `{}` to send none.
 *
 * @see Spring AI `ToolContextToMcpMetaConverter`
 */
export type ToolContextToMcpMetaConverter = (
  toolContext: ToolContext | undefined,
) => Readonly<Record<string, unknown>> | undefined;

/** The `ToolContext` key Spring reserves for the MCP server exchange; never sent as `_meta`. */
export const TOOL_CONTEXT_MCP_EXCHANGE_KEY = 'exchange';

/**
 * Ready-made converters.
 *
 * @remarks Spring's default sends every entry except `exchange`. MCP servers are often third-party
 * code, so Sprout's default ({@link McpMetaConverters.none}) sends nothing; choose the keys with
 * {@link McpMetaConverters.keys}.
 */
export const McpMetaConverters = {
  /** Sends nothing (the default). */
  none(): ToolContextToMcpMetaConverter {
    return () => undefined;
  },

  /**
   * Sends the named entries that are present and not `null`/`undefined`.
   *
   * @param keys - e.g. `'tenantId', 'locale'`
   */
  keys(...keys: string[]): ToolContextToMcpMetaConverter {
    return (toolContext) => pick(toolContext, (key) => keys.includes(key));
  },

  /** Sends every entry except `exchange` and `null`/`undefined` values (Spring's default). */
  all(): ToolContextToMcpMetaConverter {
    return (toolContext) => pick(toolContext, (key) => key !== TOOL_CONTEXT_MCP_EXCHANGE_KEY);
  },
} as const;

function pick(toolContext: ToolContext | undefined, accept: (key: string) => boolean): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(toolContext?.context ?? {})) {
    if (accept(key) && value !== undefined && value !== null) meta[key] = value;
  }
  return meta;
}
