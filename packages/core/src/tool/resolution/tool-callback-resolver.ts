import type { ToolCallback } from '../tool-callback';

/**
 * Finds a tool by name outside the request's own callbacks. `DefaultToolCallingManager` asks it for
 * the names of `ToolCallingChatOptions.toolNames`, and for names the model calls that are not among
 * the request's callbacks when resolution fallback is enabled.
 *
 * @see Spring AI `ToolCallbackResolver`
 */
export interface ToolCallbackResolver {
  /**
   * @param toolName - the tool name, compared exactly (case-sensitive)
   * @returns the tool, or `undefined` when this resolver does not know the name
   */
  resolve(toolName: string): ToolCallback | undefined;
}
