import { ConfigurationError } from '@sprout-ai/core';
import { ToolCallingAdvisor, ToolCallingAdvisorBuilder } from '@sprout-ai/chat-client';

/**
 * An advisor builder whose `build()` returns the `ToolCallingAdvisor` the user bound in the
 * container (`bind(ToolCallingAdvisor).toDynamicValue(...)`), resolved afresh on every request, so a
 * subclass bound there runs the loop instead of the default one.
 *
 * @remarks The bound advisor owns its configuration (checker, order, history setting, and its
 * manager when it was given one; otherwise the container gives it its `ToolCallingManager`);
 * settings made on this builder or its copies, such as the ChatClient's
 * `conversationHistoryEnabled(false)` for a memory advisor inside the loop, are not applied to it.
 * Its order is read from the advisor once, at start-up, so the ChatClient's memory-advisor check
 * sees the right order. Bind `SproutTokens.ToolCallingAdvisorBuilder` instead (e.g. to
 * `MyAdvisor.builder()`) to keep builder semantics.
 */
export class BoundToolCallingAdvisorBuilder extends ToolCallingAdvisorBuilder {
  /**
   * @param resolveAdvisor - resolves the bound advisor (`() => container.get(ToolCallingAdvisor)`)
   */
  constructor(private readonly resolveAdvisor: () => unknown) {
    super(ToolCallingAdvisor);
    this.advisorOrder(this.build().order);
  }

  /**
   * @returns the advisor the container resolves for `ToolCallingAdvisor`
   * @throws ConfigurationError when the binding does not produce a ToolCallingAdvisor
   */
  override build(): ToolCallingAdvisor {
    const advisor = this.resolveAdvisor();
    if (!(advisor instanceof ToolCallingAdvisor)) {
      const shown =
        (advisor as { constructor?: { name?: string } } | null | undefined)?.constructor?.name ?? String(advisor);
      throw new ConfigurationError({
        setting: 'ToolCallingAdvisor binding',
        value: advisor,
        allowed: 'a ToolCallingAdvisor instance',
        message:
          `The container binding of ToolCallingAdvisor produced ${shown}, not a ToolCallingAdvisor. Bind a subclass ` +
          'instance, e.g. bind(ToolCallingAdvisor).toDynamicValue(() => MyAdvisor.builder().build()).',
      });
    }
    return advisor;
  }
}
