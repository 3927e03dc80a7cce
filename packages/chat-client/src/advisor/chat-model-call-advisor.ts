import { context } from '@opentelemetry/api';
import { type ChatModel, RequestAbortedError } from '@sprout-ai/core';
import { untilAborted } from '@sprout-ai/core/internal';
import type { ChatClientRequest } from '../chat-client-request';
import { ChatClientResponse } from '../chat-client-response';
import type { CallAdvisor } from './api/call-advisor';
import type { CallAdvisorChain } from './api/call-advisor-chain';
import { LOWEST_PRECEDENCE } from './api/ordered';
import { requestObservationOf } from '../observation/request-observation';

/**
 * The last advisor of every chain: sends the request's prompt to the model, once, and never calls
 * the chain. The ChatClient adds it to every request.
 *
 * The request's {@link ChatClientRequest.signal} is passed to the model (`call(prompt, { signal })`);
 * when it aborts, the call rejects with `RequestAbortedError` at once, even if the model ignores
 * the signal. A signal already aborted rejects without calling the model.
 *
 * Within a ChatClient request the call is recorded as a `chat {model}` span (see docs/observability.md).
 *
 * @remarks Cancellation is not in Spring AI's advisor (see `ChatClientRequestSpec.abortSignal`).
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
   * @throws RequestAbortedError when the request's signal is aborted before the model answered
   * @throws whatever the model's `call` rejects with (network, HTTP status …)
   */
  async adviseCall(request: ChatClientRequest, _chain: CallAdvisorChain): Promise<ChatClientResponse> {
    const signal = request.signal;
    RequestAbortedError.throwIfAborted(signal);
    const observation = requestObservationOf(request.context);
    if (observation === undefined) {
      const chatResponse = await untilAborted(this.chatModel.call(request.prompt, { signal }), signal);
      return new ChatClientResponse(chatResponse, request.context);
    }
    const chat = observation.startChat(request.prompt);
    try {
      const chatResponse = await context.with(chat.context, () =>
        untilAborted(this.chatModel.call(request.prompt, { signal }), signal),
      );
      chat.end(chatResponse);
      return new ChatClientResponse(chatResponse, request.context);
    } catch (error) {
      chat.fail(error);
      throw error;
    }
  }
}
