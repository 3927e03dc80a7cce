import { type ChatModel } from '@sprout-ai/core';
import { createLogger } from '@sprout-ai/core/internal';
import { buildAdvisorChain } from '../advisor-chain-factory';
import { isStreamAdvisor } from '../advisor/api/stream-advisor';
import { ChatModelStreamAdvisor } from '../advisor/chat-model-stream-advisor';
import { DefaultStreamAdvisorChain } from '../advisor/default-stream-advisor-chain';
import type { ToolCallingAdvisorBuilder } from '../advisor/tool-calling-advisor-builder';
import type { RequestSpecState } from '../request-spec-state';

const logger = createLogger('ChatClient');

/**
 * Builds the advisor chain of one `.stream()`: the same auto-registration and checks as `.call()`
 * (see `buildAdvisorChain`), then the stream advisors sorted by order with a
 * {@link ChatModelStreamAdvisor} last. Advisors without `adviseStream` are left out, with a warning.
 *
 * @throws MultipleToolAdvisorsError when the chain holds more than one ToolAdvisor
 */
export function buildStreamAdvisorChain(
  chatModel: ChatModel,
  state: RequestSpecState,
  toolCallingAdvisorBuilder: ToolCallingAdvisorBuilder,
): DefaultStreamAdvisorChain {
  buildAdvisorChain(chatModel, state, toolCallingAdvisorBuilder);
  for (const advisor of state.advisors) {
    if (!isStreamAdvisor(advisor)) {
      logger.warn(
        { advisor: advisor.name },
        `advisor '${advisor.name}' has no adviseStream; it does not take part in .stream()`,
      );
    }
  }
  return DefaultStreamAdvisorChain.of([...state.advisors, new ChatModelStreamAdvisor(chatModel)]);
}
