import { SproutError } from '@sprout-ai/core';

/**
 * Something asked the container for a service that is still being built at start-up, usually a
 * `@Tool` class whose constructor depends on the ChatClient builder, the ToolCallingManager or the
 * ToolCallbackResolver, which themselves need the scanned tools. Resolve that dependency lazily,
 * e.g. inject a factory and call it when the tool runs.
 *
 * @see Spring `BeanCurrentlyInCreationException`
 */
export class BeanCurrentlyInCreationError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.BeanCurrentlyInCreationError');
}
