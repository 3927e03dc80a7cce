import { SproutError } from '@sprout-ai/core';

/**
 * An {@link McpToolCallbackProvider} was asked for its tool callbacks before it listed the tools
 * of its servers. Create it with `await McpToolCallbackProvider.create(...)`, or call
 * `await provider.refresh()` first (and again, to retry, after catching this error).
 *
 * @remarks Spring's `SyncMcpToolCallbackProvider` lists the tools inside `getToolCallbacks()`,
 * blocking; listing is asynchronous here, so it happens in `create()`/`refresh()`.
 */
export class McpToolsNotListedError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.McpToolsNotListedError');
}
