import { SproutError, type ToolCallback, type ToolCallbackProvider } from '@sprout-ai/core';

/**
 * The tool callbacks of every `@Tool` class bound in the container, collected once at start-up by
 * {@link scanToolClasses}. Bound as `SproutTokens.ToolCallbackProvider`.
 *
 * @remarks Spring's `MethodToolCallbackProvider` builds new callbacks on every call; the scanned set
 * is fixed at start-up, so this provider returns the same callbacks every time.
 */
export class ScannedToolCallbackProvider implements ToolCallbackProvider {
  #callbacks: readonly ToolCallback[] | undefined;
  #toolObjects: readonly object[] = [];

  /** The bound tool instances whose methods became callbacks, in scan order. */
  get toolObjects(): readonly object[] {
    return this.#toolObjects;
  }

  /**
   * @returns the scanned callbacks
   * @throws SproutError when called before the scan has finished (e.g. from a tool class's constructor)
   */
  getToolCallbacks(): readonly ToolCallback[] {
    if (this.#callbacks === undefined) {
      throw new SproutError(
        'The scanned tool callbacks are not available yet: something asked for them while the container was ' +
          'still starting (usually a @Tool class whose constructor depends on the ChatClient builder, the ' +
          'ToolCallingManager or the ToolCallbackResolver). Resolve that dependency lazily, e.g. inject a ' +
          'factory and call it when the tool runs.',
      );
    }
    return this.#callbacks;
  }

  /** Called once by the scanner. @internal */
  complete(toolObjects: readonly object[], callbacks: readonly ToolCallback[]): void {
    this.#toolObjects = Object.freeze([...toolObjects]);
    this.#callbacks = Object.freeze([...callbacks]);
  }
}
