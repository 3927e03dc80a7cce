import type { Message } from '../../chat/messages/message';

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
}

/** Finish reason of generations built from a returnDirect result. */
export const RETURN_DIRECT_FINISH_REASON = 'returnDirect';
/** Generation metadata key holding the tool-call id (returnDirect). */
export const METADATA_TOOL_ID = 'toolId';
/** Generation metadata key holding the tool name (returnDirect). */
export const METADATA_TOOL_NAME = 'toolName';
