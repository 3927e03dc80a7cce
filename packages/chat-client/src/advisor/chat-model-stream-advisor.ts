import { type ChatModel, type ChatResponse, isStreamingChatModel, toolCallDeltasOf } from '@sprout-ai/core';
import type { ChatClientRequest } from '../chat-client-request';
import { ChatClientResponse } from '../chat-client-response';
import { streamEventListenerOf } from '../stream/chat-client-stream-event';
import { LOWEST_PRECEDENCE } from './api/ordered';
import type { StreamAdvisor } from './api/stream-advisor';
import type { StreamAdvisorChain } from './api/stream-advisor-chain';

/**
 * The last advisor of every `.stream()` chain: streams the request's prompt from the model, once,
 * and never calls the chain. A model without `stream` is called instead and its response is the
 * only chunk. Tool-call progress in the chunks is reported to the request's stream event listener
 * (as `tool-call-start` / `tool-call-delta`).
 *
 * @see Spring AI `ChatModelStreamAdvisor`
 */
export class ChatModelStreamAdvisor implements StreamAdvisor {
  readonly name = 'stream';
  readonly order = LOWEST_PRECEDENCE;

  /**
   * @param chatModel - the model the ChatClient was built with
   */
  constructor(readonly chatModel: ChatModel) {}

  /**
   * @returns the model's chunks with the request's context
   * @throws whatever the model's `stream` (or `call`) throws
   */
  async *adviseStream(request: ChatClientRequest, _chain: StreamAdvisorChain): AsyncGenerator<ChatClientResponse> {
    const listener = streamEventListenerOf(request.context);
    const model = this.chatModel;
    const chunks: AsyncIterable<ChatResponse> = isStreamingChatModel(model)
      ? model.stream(request.prompt)
      : single(() => model.call(request.prompt));
    for await (const chatResponse of chunks) {
      if (listener) {
        for (const generation of chatResponse.results) {
          for (const delta of toolCallDeltasOf(generation.metadata)) {
            const { id, name, index } = delta;
            if (delta.first) listener({ type: 'tool-call-start', id, name, index });
            if (delta.argumentsDelta !== '') {
              listener({ type: 'tool-call-delta', id, name, index, argumentsDelta: delta.argumentsDelta });
            }
          }
        }
      }
      yield new ChatClientResponse(chatResponse, request.context);
    }
  }
}

async function* single(call: () => Promise<ChatResponse>): AsyncGenerator<ChatResponse> {
  yield await call();
}
