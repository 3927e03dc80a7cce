import type { ToolCallDecisions } from './approval/tool-call-decisions';
import type { ToolCallCounts } from './tool-call-counts';
import type { ToolCallObserver } from './tool-call-observer';

/**
 * Per-round settings of {@link ToolCallingManager.executeToolCalls} that are not part of the prompt.
 *
 * @remarks Not in Spring AI: the TypeScript idiom for cancellation (`AbortSignal`) and a listener
 * in place of Micrometer observations.
 */
export interface ToolExecutionOptions {
  /**
   * The request's signal: when it aborts, the running tools' `toolContext.signal` aborts and
   * `executeToolCalls` rejects with a `RequestAbortedError`.
   */
  readonly signal?: AbortSignal;
  /** Told when each call starts and ends (e.g. the stream's `tool-call` / `tool-result` events). */
  readonly observer?: ToolCallObserver;
  /**
   * A person's decisions about the round's calls that waited for approval, when a paused round is
   * run again: approved calls run, declined ones are answered as declined, answered ones are reused.
   */
  readonly decisions?: ToolCallDecisions;
  /**
   * The turn's tool calls before this round, as the previous round's result gave them
   * (`ToolExecutionResult.callCounts`); without them the manager counts the prompt's history.
   * Sprout's, so that a loop does not recount the whole turn every round.
   */
  readonly callCounts?: ToolCallCounts;
}
