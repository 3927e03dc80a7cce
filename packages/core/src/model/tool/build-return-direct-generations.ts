import { AssistantMessage } from '../../chat/messages/assistant-message';
import { ToolResponseMessage } from '../../chat/messages/tool-response-message';
import type { Generation } from '../../chat/model/generation';
import {
  METADATA_TOOL_ID,
  METADATA_TOOL_NAME,
  RETURN_DIRECT_FINISH_REASON,
  type ToolExecutionResult,
} from './tool-execution-result';

/**
 * Turns a returnDirect round into the caller's answer: one generation per response of the last
 * `ToolResponseMessage`, in call order, with text = the tool's result, metadata `toolId` /
 * `toolName`, and finish reason `returnDirect`.
 *
 * @param result - the result of `ToolCallingManager.executeToolCalls`
 * @returns the generations; `[]` when the last history message is not a `ToolResponseMessage`
 * @remarks An empty history gives `[]` (Spring fails with an index error).
 * @see Spring AI `ToolExecutionResult.buildGenerations`
 */
export function buildReturnDirectGenerations(result: ToolExecutionResult): Generation[] {
  const last = result.conversationHistory[result.conversationHistory.length - 1];
  if (!(last instanceof ToolResponseMessage)) return [];
  return last.responses.map((response) => ({
    output: new AssistantMessage(response.responseData),
    metadata: {
      finishReason: RETURN_DIRECT_FINISH_REASON,
      [METADATA_TOOL_ID]: response.id,
      [METADATA_TOOL_NAME]: response.name,
    },
  }));
}
