import type { ToolCallback } from './tool-callback';

/**
 * A source of tool callbacks, evaluated each time a request is built (so it may change).
 *
 * @see Spring AI `ToolCallbackProvider`
 */
export interface ToolCallbackProvider {
  getToolCallbacks(): readonly ToolCallback[];
}

/** True when `value` looks like a {@link ToolCallbackProvider}. */
export function isToolCallbackProvider(value: unknown): value is ToolCallbackProvider {
  return typeof (value as ToolCallbackProvider | null)?.getToolCallbacks === 'function';
}
