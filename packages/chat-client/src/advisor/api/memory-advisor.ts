import type { Advisor } from './advisor';

/** Brand property of {@link MemoryAdvisor}s: `Symbol.for('@sprout-ai/chat-client/MemoryAdvisor')`. */
export const MEMORY_ADVISOR: unique symbol = Symbol.for('@sprout-ai/chat-client/MemoryAdvisor');

/**
 * Marks an advisor that owns chat memory. When one sits inside the tool loop (its order is
 * greater than the tool advisor's), the auto-registered `ToolCallingAdvisor` stops forwarding the
 * whole turn history and lets the memory advisor replay it.
 *
 * @remarks A brand property instead of Spring's marker interface (see {@link ToolAdvisor}); test
 * with {@link isMemoryAdvisor}.
 * @see Spring AI `MemoryAdvisor`
 */
export interface MemoryAdvisor extends Advisor {
  readonly [MEMORY_ADVISOR]: true;
}

/** True when `advisor` carries the {@link MEMORY_ADVISOR} brand. */
export function isMemoryAdvisor(advisor: unknown): advisor is MemoryAdvisor {
  return (
    typeof advisor === 'object' && advisor !== null && (advisor as Record<symbol, unknown>)[MEMORY_ADVISOR] === true
  );
}
