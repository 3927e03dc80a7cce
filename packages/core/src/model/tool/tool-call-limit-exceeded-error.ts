import { AssistantMessage } from '../../chat/messages/assistant-message';
import { ToolResponseMessage, type ToolResponse } from '../../chat/messages/tool-response-message';
import type { Generation } from '../../chat/model/generation';
import { SproutError } from '../../error/sprout-error';
import type { ToolExecutionResult } from './tool-execution-result';

/** Finish reason of the generation built by {@link ToolCallLimitExceededError.buildGeneration}. */
export const TOOL_CALL_LIMIT_EXCEEDED_FINISH_REASON = 'toolCallLimitExceeded';
/**
 * Generation metadata key of {@link ToolCallLimitExceededError.buildGeneration}: the
 * `ToolResponse[]` of the calls that ran in the round before the limit was hit.
 */
export const METADATA_PARTIAL_TOOL_RESPONSES = 'partialToolResponses';

/**
 * A tool call went over a per-tool or total call limit while the limit behaviour is `THROW`.
 *
 * Raise the limits with `DefaultToolCallingManager.builder().maxCallsPerTool(...)` /
 * `.maxTotalToolCalls(...)` (properties `spring.ai.tools.limits.*`), or choose
 * `onLimitExceeded('RETURN_ERROR_RESPONSE')` to let the model read the limit message instead.
 *
 * @see Spring AI `ToolCallLimitExceededException`
 */
export class ToolCallLimitExceededError extends SproutError {
  /** The tool whose own limit was exceeded; `undefined` when the total limit was exceeded. */
  readonly toolName?: string;
  /** The limit that was exceeded (number of calls in the turn). */
  readonly limit: number;
  /**
   * The round so far: the prompt's messages, the assistant tool-call message and one
   * `ToolResponseMessage` with the responses of the calls made, the limit message last.
   */
  readonly partialToolExecutionResult: ToolExecutionResult;

  /**
   * @param options - `toolName` (omit for the total limit), `limit` and the partial result
   */
  constructor(options: { toolName?: string; limit: number; partialToolExecutionResult: ToolExecutionResult }) {
    super(
      options.toolName !== undefined
        ? `Tool call limit (${options.limit}) exceeded for tool '${options.toolName}'`
        : `Total tool call limit (${options.limit}) exceeded for this turn`,
    );
    this.toolName = options.toolName;
    this.limit = options.limit;
    this.partialToolExecutionResult = options.partialToolExecutionResult;
  }

  /**
   * A final answer for the caller: text = the limit message the model would have read (the last
   * response of the partial result), metadata `partialToolResponses` = the responses of the calls
   * made before it, finish reason `toolCallLimitExceeded`. Without a tool response in the partial
   * result, the text is this error's message and the partial list is empty.
   *
   * @returns a generation whose output has no tool calls
   */
  buildGeneration(): Generation {
    const history = this.partialToolExecutionResult.conversationHistory;
    const last = history[history.length - 1];
    let text = this.message;
    let partial: readonly ToolResponse[] = [];
    if (last instanceof ToolResponseMessage && last.responses.length > 0) {
      text = last.responses[last.responses.length - 1].responseData;
      partial = last.responses.slice(0, -1);
    }
    return {
      output: new AssistantMessage(text),
      metadata: {
        finishReason: TOOL_CALL_LIMIT_EXCEEDED_FINISH_REASON,
        [METADATA_PARTIAL_TOOL_RESPONSES]: partial,
      },
    };
  }
}
