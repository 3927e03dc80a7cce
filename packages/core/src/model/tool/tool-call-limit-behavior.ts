/**
 * What `DefaultToolCallingManager` does when a tool call exceeds a limit.
 *
 * - `THROW` (default): stop the round and throw `ToolCallLimitExceededError`, carrying the partial
 *   result (the `ToolCallingAdvisor` turns it into a final answer).
 * - `RETURN_ERROR_RESPONSE`: skip that call, answer it with the limit message so the model reads
 *   it, and go on with the remaining calls.
 *
 * Use the string literals or the constants, e.g. `ToolCallLimitBehavior.RETURN_ERROR_RESPONSE`.
 *
 * @see Spring AI `ToolCallLimitBehavior`
 */
export type ToolCallLimitBehavior = 'THROW' | 'RETURN_ERROR_RESPONSE';

/** The values of {@link ToolCallLimitBehavior} as constants. */
export const ToolCallLimitBehavior = Object.freeze({
  THROW: 'THROW',
  RETURN_ERROR_RESPONSE: 'RETURN_ERROR_RESPONSE',
} as const satisfies Record<ToolCallLimitBehavior, ToolCallLimitBehavior>);
