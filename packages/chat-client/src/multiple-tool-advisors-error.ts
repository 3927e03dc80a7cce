import { SproutError } from '@sprout-ai/core';
import type { Advisor } from './advisor/api/advisor';

/**
 * The advisor chain of a request holds more than one `ToolAdvisor` (two loops would each execute
 * the model's tool calls).
 *
 * @see Spring AI `DefaultChatClient` (its `IllegalStateException` "At most one ToolAdvisor …")
 */
export class MultipleToolAdvisorsError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.MultipleToolAdvisorsError');

  /** The ToolAdvisors found, in chain order. */
  readonly toolAdvisors: readonly Advisor[];

  /**
   * @param options - the ToolAdvisors of the chain, and optionally a cause
   */
  constructor(options: { toolAdvisors: readonly Advisor[]; cause?: unknown }) {
    const list = options.toolAdvisors.map((a) => `${a.name} (order=${a.order})`).join(', ');
    super(
      `At most one ToolAdvisor is allowed in the advisor chain, but found ${options.toolAdvisors.length}: [${list}]. ` +
        'Pass only one ToolAdvisor to .advisors()/.defaultAdvisors() (the ChatClient adds a ToolCallingAdvisor only when none is present).',
      { cause: options.cause },
    );
    this.toolAdvisors = Object.freeze([...options.toolAdvisors]);
  }
}
