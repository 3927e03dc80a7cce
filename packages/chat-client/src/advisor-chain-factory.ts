import type { ChatModel } from '@sprout-ai/core';
import type { Advisor } from './advisor/api/advisor';
import { ChatModelCallAdvisor } from './advisor/chat-model-call-advisor';
import { DefaultAroundAdvisorChain } from './advisor/default-around-advisor-chain';
import { isMemoryAdvisor } from './advisor/api/memory-advisor';
import { isToolAdvisor } from './advisor/api/tool-advisor';
import type { ToolCallingAdvisorBuilder } from './advisor/tool-calling-advisor-builder';
import { TOOL_CALLING_ADVISOR_AUTO_REGISTER } from './chat-client-attributes';
import { MultipleToolAdvisorsError } from './multiple-tool-advisors-error';
import type { RequestSpecState } from './request-spec-state';

/**
 * Builds the advisor chain of one `call()`:
 * 1. unless the advisor parameter {@link TOOL_CALLING_ADVISOR_AUTO_REGISTER} is the boolean
 *    `false` or a ToolAdvisor is present, a fresh advisor from `toolCallingAdvisorBuilder.copy()`
 *    is **appended to the spec's advisor list** (so calling the same spec again reuses it), with
 *    conversation history off when a MemoryAdvisor has an order strictly greater than the
 *    builder's order (memory inside the loop); this happens whether or not tools are configured;
 * 2. more than one ToolAdvisor is rejected;
 * 3. the chain = the advisors + `extraAdvisors` (this call's only, e.g. `.entity()`'s validation
 *    advisor) + the model advisor, sorted by order.
 *
 * @throws MultipleToolAdvisorsError when the chain holds more than one ToolAdvisor
 * @see Spring AI `DefaultChatClient.buildAdvisorChain`
 */
export function buildAdvisorChain(
  chatModel: ChatModel,
  state: RequestSpecState,
  toolCallingAdvisorBuilder: ToolCallingAdvisorBuilder,
  extraAdvisors: readonly Advisor[] = [],
): DefaultAroundAdvisorChain {
  const toolAdvisors = state.advisors.filter(isToolAdvisor);
  if (toolAdvisors.length > 1) {
    throw new MultipleToolAdvisorsError({ toolAdvisors });
  }
  if (toolAdvisors.length === 0 && state.advisorParams[TOOL_CALLING_ADVISOR_AUTO_REGISTER] !== false) {
    const configuredOrder = toolCallingAdvisorBuilder.getAdvisorOrder();
    const hasDownstreamMemoryAdvisor = state.advisors.some((a) => isMemoryAdvisor(a) && a.order > configuredOrder);
    const historyEnabled = !hasDownstreamMemoryAdvisor;
    // The client's builder is copied only when the history setting must change: it is not ours to change.
    const builder =
      toolCallingAdvisorBuilder.isConversationHistoryEnabled() === historyEnabled
        ? toolCallingAdvisorBuilder
        : toolCallingAdvisorBuilder.copy().conversationHistoryEnabled(historyEnabled);
    state.advisors = [...state.advisors, builder.build()];
  }
  return DefaultAroundAdvisorChain.builder()
    .pushAll(state.advisors)
    .pushAll(extraAdvisors)
    .push(new ChatModelCallAdvisor(chatModel))
    .build();
}
