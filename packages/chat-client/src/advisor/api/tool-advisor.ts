import type { Advisor } from './advisor';

/** Brand property of {@link ToolAdvisor}s: `Symbol.for('@sprout-ai/chat-client/ToolAdvisor')`. */
export const TOOL_ADVISOR: unique symbol = Symbol.for('@sprout-ai/chat-client/ToolAdvisor');

/**
 * Marks the advisor that owns the tool-calling loop. The ChatClient adds a `ToolCallingAdvisor`
 * to a request only when no ToolAdvisor is present, and rejects a chain with more than one.
 *
 * @example
 * ```ts
 * class MyLoop implements CallAdvisor, ToolAdvisor {
 *   readonly [TOOL_ADVISOR] = true as const;
 *   ...
 * }
 * ```
 * @remarks Spring uses a marker interface; TypeScript interfaces do not exist at run time, so a
 * ToolAdvisor carries the well-known symbol property {@link TOOL_ADVISOR} set to `true`
 * (`Symbol.for`, so two copies of this package agree). Test with {@link isToolAdvisor}.
 * @see Spring AI `ToolAdvisor`
 */
export interface ToolAdvisor extends Advisor {
  readonly [TOOL_ADVISOR]: true;
}

/** True when `advisor` carries the {@link TOOL_ADVISOR} brand. */
export function isToolAdvisor(advisor: unknown): advisor is ToolAdvisor {
  return typeof advisor === 'object' && advisor !== null && (advisor as Record<symbol, unknown>)[TOOL_ADVISOR] === true;
}
