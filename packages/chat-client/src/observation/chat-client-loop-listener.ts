import type { Message, PreparedToolCall, ToolCall, ToolCallOutcome, Usage } from '@sprout-ai/core';

/**
 * How a round of the tool loop ended (`error` when the round threw; `pendingApproval` when the turn
 * paused for a person's decision, see docs/approval.md).
 */
export type LoopRoundEnd = 'answer' | 'returnDirect' | 'limit' | 'continue' | 'pendingApproval' | 'error';

/** A round (one model call, then its tools) is about to call the model. */
export interface LoopRoundStartEvent {
  /** 1-based. */
  readonly round: number;
  /** True for `.stream()`. */
  readonly stream: boolean;
  /** The messages this round sends. */
  readonly messages: readonly Message[];
}

/** A round ended: the model answered and, when it asked for tools, they ran. */
export interface LoopRoundFinishEvent {
  readonly round: number;
  readonly stream: boolean;
  /** `continue` — another round follows; otherwise how the turn ends. */
  readonly end: LoopRoundEnd;
  /** The finish reason of each generation of the round's response (e.g. `['tool_calls']`). */
  readonly finishReasons: readonly string[];
  /** The tool calls the model asked for in this round (empty for an answer). */
  readonly toolCalls: readonly ToolCall[];
  /** The round's own usage, when the provider reported it. */
  readonly usage?: Usage;
  /** The usage of every round so far. */
  readonly totalUsage?: Usage;
  /** Wall time of the round (model call and tools), in milliseconds. */
  readonly durationMs: number;
  /** What the round threw, for `end: 'error'`. */
  readonly error?: unknown;
}

/** A tool call of a round is about to run (or to be refused by a limit). */
export interface LoopToolCallStartEvent {
  readonly round: number;
  readonly call: PreparedToolCall;
}

/** A tool call ended: `outcome.status` (`success`, `error`, `timeout`, `limit`, `unknown-tool`) and `outcome.durationMs`. */
export interface LoopToolCallFinishEvent {
  readonly round: number;
  readonly outcome: ToolCallOutcome;
}

/**
 * Hears what the tool loop does, on `.call()` and `.stream()` alike: each round's start and finish
 * (finish reasons, tool calls, usage, duration) and each tool call's start and finish (outcome,
 * duration). Register one on the builder (`defaultLoopListeners`) or per request
 * (`loopListeners`); no subclassing. Calls of a round run concurrently, so their events
 * interleave. A listener must not throw: what it throws is logged and ignored.
 *
 * @remarks Not in Spring AI (which records Micrometer observations); the AI SDK's `onStepFinish`
 * plays the same part.
 */
export interface ChatClientLoopListener {
  /** A round is about to call the model. */
  onRoundStart?(event: LoopRoundStartEvent): void;
  /** A round ended (after its tools ran); not called for a round whose model call threw. */
  onRoundFinish?(event: LoopRoundFinishEvent): void;
  /** A tool call is about to run, or to be refused by a limit. */
  onToolCallStart?(event: LoopToolCallStartEvent): void;
  /** A tool call ended, whatever the outcome. */
  onToolCallFinish?(event: LoopToolCallFinishEvent): void;
}
