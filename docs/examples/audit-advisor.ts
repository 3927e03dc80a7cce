import type { CallAdvisor } from '@sprout-ai/chat-client';
import { ToolCallingAdvisor } from '@sprout-ai/chat-client';

/** Writes each answer's finish reason and token usage; it runs outside the tool loop. */
export const auditAdvisor: CallAdvisor = {
  name: 'audit',
  order: ToolCallingAdvisor.DEFAULT_ORDER - 100, // lower runs first: outside the loop, sees the turn's answer
  async adviseCall(request, chain) {
    const response = await chain.nextCall(request);
    const { finishReason } = response.chatResponse?.result?.metadata ?? {};
    console.error(
      `answer finish=${finishReason ?? '?'} tokens=${response.chatResponse?.metadata.usage?.totalTokens ?? '?'}`,
    );
    return response;
  },
};
