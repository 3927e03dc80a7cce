import { AssistantMessage } from '../../chat/messages/assistant-message';
import { ToolResponseMessage, type ToolResponse } from '../../chat/messages/tool-response-message';
import type { Generation } from '../../chat/model/generation';
import { SproutError } from '../../error/sprout-error';
import type { ToolCallLimitKind } from './tool-call-limits';
import type { ToolExecutionResult } from './tool-execution-result';

/** Finish reason of the generation built by {@link ToolCallLimitExceededError.buildGeneration}. */
export const TOOL_CALL_LIMIT_EXCEEDED_FINISH_REASON = 'toolCallLimitExceeded';
/**
 * Generation metadata key of {@link ToolCallLimitExceededError.buildGeneration}: the
 * `ToolResponse[]` of the calls that ran in the round before the limit was hit.
 */
export const METADATA_PARTIAL_TOOL_RESPONSES = 'partialToolResponses';

/**
 * A tool call went over a per-tool or total call limit while the limit behaviour is `THROW`, or a
 * round went over the round limit (in either behaviour).
 *
 * Raise the limits with `DefaultToolCallingManager.builder().maxCallsPerTool(...)` /
 * `.maxTotalToolCalls(...)` / `.maxRounds(...)` (properties `spring.ai.tools.limits.*`), or choose
 * `onLimitExceeded('RETURN_ERROR_RESPONSE')` to let the model read the call limit message instead.
 *
 * @remarks The round limit is Sprout's: Spring has none, so a model that ignores refusals under
 * `RETURN_ERROR_RESPONSE` loops there until the request is stopped.
 * @see Spring AI `ToolCallLimitExceededException`
 */
export class ToolCallLimitExceededError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ToolCallLimitExceededError');

  /** Which limit was exceeded. */
  readonly kind: ToolCallLimitKind;
  /** The tool whose own limit was exceeded; `undefined` for the total and round limits. */
  readonly toolName?: string;
  /** The limit that was exceeded (calls, or rounds, in the turn). */
  readonly limit: number;
  /**
   * The round so far: the prompt's messages, the assistant tool-call message and one
   * `ToolResponseMessage` with the responses of the calls made, the limit message last.
   */
  readonly partialToolExecutionResult: ToolExecutionResult;

  /**
   * @param options - `kind` (default: `per-tool` with a `toolName`, else `total`), `toolName`,
   *   `limit`, the partial result and an optional cause
   */
  constructor(options: {
    kind?: ToolCallLimitKind;
    toolName?: string;
    limit: number;
    partialToolExecutionResult: ToolExecutionResult;
    cause?: unknown;
  }) {
    const kind = options.kind ?? (options.toolName !== undefined ? 'per-tool' : 'total');
    super(
      kind === 'rounds'
        ? `Tool round limit (${options.limit}) reached for this turn`
        : kind === 'per-tool'
          ? `Tool call limit (${options.limit}) exceeded for tool '${String(options.toolName)}'`
          : `Total tool call limit (${options.limit}) exceeded for this turn`,
      { cause: options.cause },
    );
    this.kind = kind;
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
