import type { ChatResponse } from '../../chat/model/chat-response';

/**
 * Decides whether a model response should go to the `ToolCallingManager` (another tool round).
 *
 * @see Spring AI `ToolExecutionEligibilityChecker`
 */
export type ToolExecutionEligibilityChecker = (response: ChatResponse) => boolean;

/**
 * The default check: the response exists and some generation asks for a tool call.
 *
 * @param response - the model response (`undefined`/`null` tolerated)
 * @returns true when tools must be executed
 * @see Spring AI `ToolExecutionEligibilityChecker.isToolCallResponse`
 */
export const defaultToolExecutionEligibilityChecker = (response: ChatResponse | null | undefined): boolean =>
  response != null && response.hasToolCalls();
