import { type ChatModel, type ChatResponse, RequestAbortedError, toolCallDeltasOf } from '@sprout-ai/core';
import { isStreamingChatModel, untilAborted } from '@sprout-ai/core/internal';
import type { ChatClientRequest } from '../chat-client-request';
import { ChatClientResponse } from '../chat-client-response';
import { streamEventListenerOf } from '../stream/chat-client-stream-event';
import { LOWEST_PRECEDENCE } from './api/ordered';
import type { StreamAdvisor } from './api/stream-advisor';
import type { StreamAdvisorChain } from './api/stream-advisor-chain';
import { abortableStream } from './until-aborted';
import { ObservedChatModel } from '../observation/observed-chat-model';
import { requestObservationOf } from '../observation/request-observation';

/**
 * The last advisor of every `.stream()` chain: streams the request's prompt from the model, once,
 * and never calls the chain. A model without `stream` is called instead and its response is the
 * only chunk. Tool-call progress in the chunks is reported to the request's stream event listener
 * (as `tool-call-start` / `tool-call-delta`).
 *
 * The request's {@link ChatClientRequest.signal} is passed to the model
 * (`stream(prompt, { signal })`); when it aborts before the stream's end, iteration throws
 * `RequestAbortedError` at once, even if the model ignores the signal or ends its stream quietly,
 * and the model's stream is returned. A signal already aborted throws without calling the model.
 *
 * Within a ChatClient request the stream is recorded as a `chat {model}` span with its time to
 * first chunk (see docs/observability.md); an {@link ObservedChatModel} is then streamed through its
 * delegate, so the stream has one span.
 *
 * @remarks Cancellation is not in Spring AI's advisor (see `ChatClientRequestSpec.abortSignal`).
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
   * @throws RequestAbortedError (when iterated) when the request's signal is aborted before the stream's end
   * @throws whatever the model's `stream` (or `call`) throws
   */
  async *adviseStream(request: ChatClientRequest, _chain: StreamAdvisorChain): AsyncGenerator<ChatClientResponse> {
    const listener = streamEventListenerOf(request.context);
    const signal = request.signal;
    RequestAbortedError.throwIfAborted(signal);
    const chat = requestObservationOf(request.context)?.startChat(request.prompt);
    const model = chat === undefined ? this.chatModel : ObservedChatModel.unwrap(this.chatModel);
    const chunks: AsyncIterable<ChatResponse> = isStreamingChatModel(model)
      ? abortableStream(model.stream(request.prompt, { signal }), signal)
      : single(() => untilAborted(model.call(request.prompt, { signal }), signal));
    try {
      for await (const chatResponse of chunks) {
        chat?.chunk(chatResponse);
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
    } catch (error) {
      chat?.fail(error);
      throw error;
    } finally {
      // Also when the consumer stops early; after a failure this does nothing.
      chat?.end();
    }
  }
}

async function* single(call: () => Promise<ChatResponse>): AsyncGenerator<ChatResponse> {
  yield await call();
}
