import { SproutError } from '../../error/sprout-error';

/**
 * `ToolCallingManager.executeToolCalls` was given a chat response without tool calls. Check a
 * response with `defaultToolExecutionEligibilityChecker` (or `hasToolCalls()` on its output) before
 * executing its tool calls.
 *
 * @see Spring AI `DefaultToolCallingManager` (its `IllegalStateException` "No tool call requested by the chat model")
 */
export class NoToolCallRequestedError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.NoToolCallRequestedError');
}
