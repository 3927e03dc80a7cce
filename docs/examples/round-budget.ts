import { SproutTokens } from '@sprout-ai/boot';
import {
  type CallAdvisorChain,
  type ChatClientRequest,
  type ChatClientResponse,
  type StreamAdvisorChain,
  ToolCallingAdvisor,
} from '@sprout-ai/chat-client';
import type { ToolCallingChatOptions, ToolExecutionResult } from '@sprout-ai/core';
import { ContainerModule } from 'inversify';

/** After this many tool rounds the model must answer with what it has. */
export const MAX_TOOL_ROUNDS = 3;

/** The tool loop, with a budget of rounds per turn. */
export class RoundBudgetAdvisor extends ToolCallingAdvisor {
  private rounds = 0;

  // A turn starts: on the call path and on the stream path.
  protected override doInitializeLoop(request: ChatClientRequest, chain: CallAdvisorChain) {
    this.rounds = 0;
    return super.doInitializeLoop(request, chain);
  }

  protected override doInitializeLoopStream(request: ChatClientRequest, chain: StreamAdvisorChain) {
    this.rounds = 0;
    return super.doInitializeLoopStream(request, chain);
  }

  protected override async doGetNextOptionsForToolCall(
    options: ToolCallingChatOptions | undefined,
    request: ChatClientRequest,
    response: ChatClientResponse,
    result: ToolExecutionResult,
  ): Promise<ToolCallingChatOptions | undefined> {
    const next = await super.doGetNextOptionsForToolCall(options, request, response, result);
    this.rounds += 1;
    return this.rounds < MAX_TOOL_ROUNDS ? next : { ...next, toolChoice: 'none' };
  }
}

// Every auto-configured ChatClient now runs its tool loop with RoundBudgetAdvisor. The container
// gives the builder its ToolCallingManager, so spring.ai.tools.* (limits, errors) still apply.
export const roundBudgetModule = new ContainerModule(({ bind }) => {
  bind(SproutTokens.ToolCallingAdvisorBuilder).toConstantValue(RoundBudgetAdvisor.builder());
});

// The same by the advisor class: a fresh advisor per request, also given the container's manager.
export const roundBudgetAdvisorModule = new ContainerModule(({ bind }) => {
  bind(ToolCallingAdvisor).to(RoundBudgetAdvisor).inTransientScope();
});
