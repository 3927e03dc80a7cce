import type { ToolCallback } from '../../tool/tool-callback';

/**
 * Picks the tools of a request: the runtime (per-call) tools when there are any, otherwise the
 * defaults. The two lists are never combined.
 *
 * @param runtime - tools given for this call
 * @param defaults - tools configured as defaults
 * @returns a copy of `runtime` when non-empty, else a copy of `defaults`, else `undefined`
 * @see Spring AI `ToolCallingChatOptions.mergeToolCallbacks`
 */
export function mergeToolCallbacks(
  runtime: readonly ToolCallback[] | undefined,
  defaults: readonly ToolCallback[] | undefined,
): ToolCallback[] | undefined {
  if (runtime && runtime.length > 0) return [...runtime];
  return defaults ? [...defaults] : undefined;
}
