import type { ChatResponse } from '../../chat/model/chat-response';
import type { Prompt } from '../../chat/prompt/prompt';
import type { ToolDefinition } from '../../tool/definition/tool-definition';
import type { ToolCallingChatOptions } from './tool-calling-chat-options';
import type { ToolExecutionOptions } from './tool-execution-options';
import type { ToolExecutionResult } from './tool-execution-result';

/**
 * Resolves tool definitions for a request and executes the tool calls of a response.
 *
 * @see Spring AI `ToolCallingManager`
 */
export interface ToolCallingManager {
  /** Definitions of the options' callbacks (and resolved `toolNames`), in order. */
  resolveToolDefinitions(options: ToolCallingChatOptions | undefined): ToolDefinition[];
  /**
   * Executes the calls of the first generation that has tool calls.
   *
   * @param prompt - the turn so far; its options carry the callbacks and tool context
   * @param chatResponse - the model response that asked for tools
   * @param options - the request's abort signal and an observer of the calls (Sprout's addition;
   *   a manager may ignore them)
   * @returns the extended conversation history and whether to return directly
   * @throws ToolCallLimitExceededError when a limit is breached and the policy is `THROW`
   * @throws RequestAbortedError when `options.signal` aborts
   */
  executeToolCalls(
    prompt: Prompt,
    chatResponse: ChatResponse,
    options?: ToolExecutionOptions,
  ): Promise<ToolExecutionResult>;
}
