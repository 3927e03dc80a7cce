import type { Message } from '../../chat/messages/message';
import type { PendingToolCall } from './approval/pending-tool-call';
import type { ToolCallCounts } from './tool-call-counts';

/**
 * What executing one round of tool calls produced.
 *
 * @see Spring AI `ToolExecutionResult`
 */
export interface ToolExecutionResult {
  /** The turn so far: the prompt's messages, the assistant tool-call message, then the tool responses. */
  readonly conversationHistory: readonly Message[];
  /** True when every executed tool of the round is `returnDirect`. */
  readonly returnDirect: boolean;
  /**
   * Calls of the round that wait for a person's approval and did not run (Sprout's). When present,
   * the history's last tool message answers only the other calls: nothing may go to the model
   * until the round is run again with the decisions (`ToolExecutionOptions.decisions`).
   */
  readonly pendingApproval?: readonly PendingToolCall[];
  /**
   * The turn's tool calls with this round's (Sprout's): hand them to the next round as
   * `ToolExecutionOptions.callCounts`. A manager that does not count leaves it out.
   */
  readonly callCounts?: ToolCallCounts;
}

/** Finish reason of generations built from a returnDirect result. */
export const RETURN_DIRECT_FINISH_REASON = 'returnDirect';
/** Generation metadata key holding the tool-call id (returnDirect). */
export const METADATA_TOOL_ID = 'toolId';
/** Generation metadata key holding the tool name (returnDirect). */
export const METADATA_TOOL_NAME = 'toolName';
