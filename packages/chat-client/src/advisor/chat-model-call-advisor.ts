import type { ChatModel } from '@sprout-ai/core';
import type { ChatClientRequest } from '../chat-client-request';
import { ChatClientResponse } from '../chat-client-response';
import type { CallAdvisor } from './api/call-advisor';
import type { CallAdvisorChain } from './api/call-advisor-chain';
import { LOWEST_PRECEDENCE } from './api/ordered';

/**
 * The last advisor of every chain: sends the request's prompt to the model, once, and never calls
 * the chain. The ChatClient adds it to every request.
 *
 * @see Spring AI `ChatModelCallAdvisor`
 */
export class ChatModelCallAdvisor implements CallAdvisor {
  readonly name = 'call';
  readonly order = LOWEST_PRECEDENCE;

  /**
   * @param chatModel - the model the ChatClient was built with
   */
  constructor(readonly chatModel: ChatModel) {}

  /**
   * @returns the model's response with the request's context
   * @throws whatever the model's `call` rejects with (network, HTTP status …)
   */
  async adviseCall(request: ChatClientRequest, _chain: CallAdvisorChain): Promise<ChatClientResponse> {
    const chatResponse = await this.chatModel.call(request.prompt);
    return new ChatClientResponse(chatResponse, request.context);
  }
}
