import type { ToolCallback, ToolCallbackProvider } from '@sprout-ai/core';
import { BeanCurrentlyInCreationError } from './bean-currently-in-creation-error';

/**
 * The tool callbacks of every `@Tool` class bound in the container, checked once at start-up by
 * {@link scanToolClasses} and built when first asked for. Bound as `SproutTokens.ToolCallbackProvider`.
 *
 * @remarks Spring's `MethodToolCallbackProvider` builds new callbacks on every call; the scanned set
 * is fixed at start-up, so this provider returns the same callbacks every time.
 */
export class ScannedToolCallbackProvider implements ToolCallbackProvider {
  #scanned: ToolCallbackProvider | undefined;
  #callbacks: readonly ToolCallback[] | undefined;
  #toolObjects: readonly object[] = [];

  /** The bound tool instances whose methods became callbacks, in scan order. */
  get toolObjects(): readonly object[] {
    return this.#toolObjects;
  }

  /**
   * @returns the scanned callbacks
   * @throws BeanCurrentlyInCreationError when called before the scan has finished (e.g. from a tool class's constructor)
   */
  getToolCallbacks(): readonly ToolCallback[] {
    if (this.#scanned === undefined) {
      throw new BeanCurrentlyInCreationError(
        'The scanned tool callbacks are not available yet: something asked for them while the container was ' +
          'still starting (usually a @Tool class whose constructor depends on the ChatClient builder, the ' +
          'ToolCallingManager or the ToolCallbackResolver). Resolve that dependency lazily, e.g. inject a ' +
          'factory and call it when the tool runs.',
      );
    }
    this.#callbacks ??= Object.freeze([...this.#scanned.getToolCallbacks()]);
    return this.#callbacks;
  }

  /**
   * Called once by the scanner. @internal
   *
   * @param toolObjects - the bound tool instances
   * @param callbacks - their checked `@Tool` methods, whose callbacks are built at the first {@link getToolCallbacks}
   */
  complete(toolObjects: readonly object[], callbacks: ToolCallbackProvider): void {
    this.#toolObjects = Object.freeze([...toolObjects]);
    this.#scanned = callbacks;
  }
}
